import type { Rollup } from "vite";

type GetManualChunk = Rollup.GetManualChunk;
type ManualChunkMeta = Rollup.ManualChunkMeta;

/**
 * The client build's chunk plan (docs/benchmarks.md, "Chunk plan").
 *
 * Left alone, Rollup cuts one chunk per set of importers, so the app's own code reached a first visit as a dozen
 * chunks of a few hundred bytes each, every one gzipped on its own and paying for its import and export lines.
 * Two chunks load on every page, so nothing in them is extra anywhere:
 * - `framework`: the packages the browser entry reaches statically (React, React DOM, Remix and its router); it
 *   changes only with a dependency upgrade, so it stays cached across deployments;
 * - `shell`: the app's own modules the root route reaches statically (banner, toasts, events, shared rules).
 * Everything else (route modules, lazy bodies, players, viewers, dialogs, other packages) keeps Rollup's split, so
 * it loads only where it is used.
 */
export function chunkPlan(): GetManualChunk {
  let plan: { framework: Set<string>; shell: Set<string> } | null = null;
  return (id: string, meta: ManualChunkMeta) => {
    plan ??= {
      framework: staticallyReached(meta, /\/app\/entry\.client\.tsx$/, isPackage),
      shell: staticallyReached(meta, /\/app\/root\.tsx$/, (module) => !isPackage(module)),
    };
    if (plan.framework.has(id)) return "framework";
    if (plan.shell.has(id)) return "shell";
    return undefined;
  };
}

function isPackage(id: string): boolean {
  return id.includes("/node_modules/") || id.startsWith("\0");
}

/**
 * What the module whose id matches `from` reaches through static imports, walking only through modules `keep`
 * accepts. The module itself is left out: a route module or the entry stays a chunk of its own.
 */
function staticallyReached(meta: ManualChunkMeta, from: RegExp, keep: (id: string) => boolean): Set<string> {
  const start = [...meta.getModuleIds()].find((id) => from.test(id));
  const reached = new Set<string>();
  const pending = start === undefined ? [] : [...(meta.getModuleInfo(start)?.importedIds ?? [])];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id) || id === start || !keep(id)) continue;
    reached.add(id);
    pending.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}
