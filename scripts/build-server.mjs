// Bundles the host (server.ts and what it imports from app/, server/ and platform/) into build/server.js;
// npm packages stay external and load from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
