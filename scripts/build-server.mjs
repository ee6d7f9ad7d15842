// Bundles the host (server.ts and what it imports from app/, server/ and platform/) into build/server.js, the
// production entry that runs one of those per core (server/cluster.ts) into build/cluster.js,
// and the rich-HTML sanitizer's worker beside the Remix server bundle, where app/bff/sanitize.server.ts
// looks for it; npm packages stay external and load from node_modules at run time.
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: true, logLevel: "warning" };

await build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.js" });
await build({ ...common, entryPoints: ["server/cluster.ts"], outfile: "build/cluster.js" });
await build({ ...common, entryPoints: ["app/bff/sanitize.worker.ts"], outfile: "build/server/sanitize-worker.js" });
