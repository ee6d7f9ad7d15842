import type { Rollup } from "vite";

type GetManualChunk = Rollup.GetManualChunk;
type ManualChunkMeta = Rollup.ManualChunkMeta;

const ENTRY = /\/app\/entry\.client\.tsx$/;
const ROOT = /\/app\/root\.tsx$/;
/** The two pages visitors land on from a share link or the app's home: the content detail route and the home. */
const LANDING_PAGES = [/\/app\/routes\/\$actor\.\$type\.[^/]*\/route\.tsx$/, /\/app\/routes\/_index\.tsx$/];

/**
 * The client build's chunk plan (docs/benchmarks.md, "Chunk plan").
 *
 * Left alone, Rollup cuts one chunk per set of importers, so the app's own code reached a first visit as a dozen
 * and more chunks of a few hundred bytes, every one gzipped on its own and paying for its import and export lines.
 * Instead, two chunks carry what (nearly) every page loads:
 * - `framework` (emitted as the entry's chunk, entry.client-*.js): the entry and the packages it reaches statically (React,
 *   React DOM, Remix and its router); it changes only with a dependency upgrade, so it stays cached across
 *   deployments;
 * - `shell`: the root route and the app's own modules it reaches statically (banner, toasts, events), plus what
 *   both landing pages reach statically (the content card, load-more, relative dates, the content-type registry).
 *   A page that is neither (the login page, the dejin pages) loads up to 2 KB it does not use; both landing pages
 *   load less than with Rollup's own split.
 * Everything else (route modules, lazy bodies, players, viewers, the login sheet, other packages) keeps Rollup's
 * split, so it loads only where it is used.
 */
export function chunkPlan(): GetManualChunk {
  let plan: { framework: Set<string>; shell: Set<string>; detail: Set<string> } | null = null;
  return (id: string, meta: ManualChunkMeta) => {
    plan ??= makePlan(meta);
    if (plan.framework.has(id)) return "framework";
    if (plan.shell.has(id)) return "shell";
    if (plan.detail.has(id)) return "detail";
    return undefined;
  };
}

function makePlan(meta: ManualChunkMeta): { framework: Set<string>; shell: Set<string>; detail: Set<string> } {
  const isApp = (id: string) => !isPackage(id);
  const [detail, home] = LANDING_PAGES.map((page) => staticallyReached(meta, page, isApp));
  // The entry's own app modules (what it does before hydrating) stay in the entry's chunk, which must import no
  // other chunk: the others import React from it, and a cycle between chunks breaks their initialisation order.
  const entryApp = staticallyReached(meta, ENTRY, isApp);
  const shell = new Set(
    [...matching(meta, ROOT), ...staticallyReached(meta, ROOT, isApp), ...[...detail].filter((id) => home.has(id))].filter((id) => !entryApp.has(id)),
  );
  return {
    framework: new Set([...matching(meta, ENTRY), ...staticallyReached(meta, ENTRY, isPackage)]),
    shell,
    // What only the detail route reaches (its layout, comment list, footer, dialogs), in one chunk beside its own.
    detail: new Set([...detail].filter((id) => !shell.has(id) && !entryApp.has(id))),
  };
}

function isPackage(id: string): boolean {
  return id.includes("/node_modules/") || id.startsWith("\0");
}

function matching(meta: ManualChunkMeta, path: RegExp): string[] {
  return [...meta.getModuleIds()].filter((id) => path.test(id));
}

/** What the module matching `from` reaches through static imports (itself left out), walking only through `keep`. */
function staticallyReached(meta: ManualChunkMeta, from: RegExp, keep: (id: string) => boolean): Set<string> {
  const starts = matching(meta, from);
  const reached = new Set<string>();
  const pending = starts.flatMap((start) => [...(meta.getModuleInfo(start)?.importedIds ?? [])]);
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id) || starts.includes(id) || !keep(id)) continue;
    reached.add(id);
    pending.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}
