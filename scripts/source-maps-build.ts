import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

/**
 * The client build's source maps ("hidden": no sourceMappingURL comment in the scripts) moved out of build/client to
 * build/client-source-maps, at the same depth, once written: the server maps visitors' script errors through them
 * (app/runtime/client-source-maps.server.ts), and the static files browsers can ask for never include them.
 */
export function serverOnlySourceMaps(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "server-only-source-maps",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const mapsDir = path.join(path.dirname(outDir), "client-source-maps");
      // The build that empties build/client starts the maps afresh; the zh-Hant client build after it adds its own.
      if (config.build.emptyOutDir !== false) await rm(mapsDir, { recursive: true, force: true });
      for (const fileName of Object.keys(bundle).filter((name) => name.endsWith(".map"))) {
        const target = path.join(mapsDir, fileName);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(path.join(outDir, fileName), target);
      }
    },
  };
}
