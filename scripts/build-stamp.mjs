// Whether build/ holds the site as the sources are now. `npm run build` notes its inputs' hashes as it begins and
// stamps build/ with them once every step passed (Remix empties build/ first, so a failed build leaves no stamp);
// `npm start` and `npm run bench` rebuild only a stale build, `npm run test:e2e` refuses one.
//   node scripts/build-stamp.mjs begin|end|check|ensure
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = "build/build-stamp.json";
const PENDING = ".tmp/build-stamp.pending.json";
/** What the build reads: the site, the platform it embeds, the build's scripts and configuration, the locked packages and their patches. */
const INPUTS = [
  ...["app", "server", "platform", "public", "scripts", "patches"],
  ...["server.ts", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"],
];
/** Tests and notes beside the code, and the demo media the platform serves from its folder: no build reads them. */
const NOT_BUILT = /\.test(-support)?\.tsx?$|\.md$|^platform\/media\//;

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    if (!NOT_BUILT.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

/** The Node major the build ran under (its bundles target it) and each input's hash. */
function inputs() {
  const hashes = {};
  for (const file of INPUTS.flatMap((input) => [...files(input)])) {
    hashes[file] = createHash("sha256").update(readFileSync(file)).digest("base64url").slice(0, 16);
  }
  return { node: process.versions.node.split(".")[0], files: hashes };
}

/** Why build/ is not the build of the sources as they are, or null when it is. */
function staleness() {
  if (!existsSync(STAMP)) return existsSync("build") ? "build/ has no stamp of a finished build" : "there is no build/";
  const built = JSON.parse(readFileSync(STAMP, "utf8"));
  const now = inputs();
  if (built.node !== now.node) return `build/ was built under Node ${built.node}, this is Node ${now.node}`;
  const names = new Set([...Object.keys(built.files), ...Object.keys(now.files)]);
  const changed = [...names].filter((name) => built.files[name] !== now.files[name]);
  if (changed.length === 0) return null;
  const more = changed.length > 1 ? ` and ${changed.length - 1} more` : "";
  return `build/ is older than ${changed[0]}${more}`;
}

const step = process.argv[2];
if (step === "begin") {
  rmSync(STAMP, { force: true });
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(PENDING, JSON.stringify(inputs()));
} else if (step === "end") {
  renameSync(PENDING, STAMP);
} else if (step === "check" || step === "ensure") {
  const why = staleness();
  if (why === null) process.exit(0);
  if (step === "check") {
    console.error(`${why}: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log(`${why}: building it first.`);
  process.exit(spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status ?? 1);
} else {
  console.error("usage: node scripts/build-stamp.mjs begin|end|check|ensure");
  process.exit(2);
}
