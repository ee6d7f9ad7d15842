// Bundles the launcher (server.ts) into build/server.js, the primary that runs one of those per core
// (server/launcher/cluster.ts) into build/cluster.js, the embedded platform into build/embedded-platform.js (imported by
// either only when it runs the platform), and the rich-HTML sanitizer's worker beside the Remix server bundle, where
// app/bff/sanitize.server.ts looks for it; npm packages stay external and load from node_modules at run time.
// The site itself is in the Remix server build (build/server/index.js, docs/decisions/0007-one-module-graph.md).
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node24", packages: "external", sourcemap: true, logLevel: "warning" };

/** The embedded platform stays a file of its own, loaded by a dynamic import only when the process runs it. */
const platformApart = {
  name: "embedded-platform-apart",
  setup(build) {
    build.onResolve({ filter: /(^|\/)embedded-platform$/ }, (args) =>
      args.kind === "dynamic-import" ? { path: "./embedded-platform.js", external: true } : undefined,
    );
  },
};

/**
 * Fails the build when `output` bundles a source file that `allowed` does not match. The launcher and the embedded
 * platform run in the site's process: a stateful app module bundled into either would be a second copy of it beside
 * the Remix build's, with its own state (and its own random secrets).
 */
function bundlesOnly(result, output, allowed) {
  const inputs = Object.keys(result.metafile.outputs[output].inputs).filter((input) => !input.startsWith("node_modules/"));
  const strays = inputs.filter((input) => !allowed.some((pattern) => pattern.test(input)));
  if (strays.length > 0) {
    throw new Error(`${output} must not bundle ${strays.join(", ")}: the app's modules belong to the Remix server build (scripts/build-server.mjs)`);
  }
}

const PURE = /^app\/lib\//;

const launcher = await build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.js", metafile: true, plugins: [platformApart] });
bundlesOnly(launcher, "build/server.js", [/^server\.ts$/, /^server\/launcher\/(site-entry|worker-health|start-up-failure)\.ts$/, PURE]);

const primary = await build({
  ...common,
  entryPoints: ["server/launcher/cluster.ts"],
  outfile: "build/cluster.js",
  metafile: true,
  plugins: [platformApart],
});
bundlesOnly(primary, "build/cluster.js", [/^(app|server)\//]);

const platform = await build({
  ...common,
  entryPoints: ["server/launcher/embedded-platform.ts"],
  outfile: "build/embedded-platform.js",
  metafile: true,
});
bundlesOnly(platform, "build/embedded-platform.js", [/^platform\//, /^server\/(launcher\/embedded-platform|middleware\/public-origin)\.ts$/, PURE]);

await build({ ...common, entryPoints: ["app/bff/sanitize.worker.ts"], outfile: "build/server/sanitize-worker.js" });
