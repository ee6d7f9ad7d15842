import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin, Rollup } from "vite";
import { BASE_PATH } from "../app/lib/base-path";
import { CATALOGUE_FILE } from "./ui-text-catalogue";
import { isZhHantClientBuild } from "./ui-language-build";

const WORKER_SOURCE = "app/service-worker.ts";
const OFFLINE_PAGE = "public/offline.html";
/** The modules whose chunks, with everything they import statically, make the app shell every page loads. */
const SHELL_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx(\?|$)/];

/**
 * Builds the service worker (app/service-worker.ts) into the client build as sw.js, once the client bundle is
 * written: its precache list is the app shell of this very build (the browser entry and the root route's chunks,
 * with every chunk they import statically, and the stylesheets), and its version is a hash of every file name of
 * the build, the offline page and the zh-Hant UI texts, so each deployment that changes anything gets a worker of
 * its own. The zh-Hant client build writes none: its files are kept as they are met.
 */
export function serviceWorkerBuild(): Plugin {
  let outDir = "";
  let root = "";
  let ssr = false;
  return {
    name: "share-service-worker",
    apply: (config, { command }) => command === "build" && !isZhHantClientBuild(config),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      if (ssr) return;
      const offlinePage = await readFile(path.join(root, OFFLINE_PAGE));
      const version = createHash("sha256")
        .update(Object.keys(bundle).sort().join("\n"))
        .update(offlinePage)
        // The zh-Hant client files follow from the zh-Hans ones and the catalogue (scripts/ui-language-build.ts).
        .update(await readFile(path.join(root, CATALOGUE_FILE)))
        .digest("hex")
        .slice(0, 12);
      const precache = shellFiles(bundle).map((file) => BASE_PATH + file);
      await build({
        entryPoints: [path.join(root, WORKER_SOURCE)],
        bundle: true,
        format: "iife",
        target: "es2019",
        minify: true,
        legalComments: "none",
        logLevel: "warning",
        define: { __SW_BUILD__: JSON.stringify({ version, precache }) },
        outfile: path.join(outDir, "sw.js"),
      });
    },
  };
}

/** The shell's files, by their path in the build (assets/…), sorted. */
export function shellFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const pending = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === "chunk" && SHELL_ENTRIES.some((entry) => entry.test(output.facadeModuleId ?? "")),
  );
  while (pending.length > 0) {
    const chunk = pending.pop()!;
    if (files.has(chunk.fileName)) continue;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const output = bundle[imported];
      if (output?.type === "chunk") pending.push(output);
    }
  }
  for (const output of Object.values(bundle)) {
    if (output.type === "asset" && output.fileName.endsWith(".css")) files.add(output.fileName);
  }
  return [...files].sort();
}
