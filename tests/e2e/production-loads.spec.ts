import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { expect, test } from "./support/test";
import { E2E_ORIGIN, E2E_PORT } from "./support/e2e-server";
import { startSite } from "./support/platform-outage";

// Production loads only what it runs. The built site is started twice with a hook that records every module
// it resolves: against a platform at PLATFORM_API_URL (here the e2e server's), and with the embedded platform as the
// control that shows the record would see it. Not a phone behaviour: it runs once (playwright.config.ts).
test.describe.configure({ mode: "serial" });

const DIR = `.tmp/e2e-${E2E_PORT}-loads`;

/** Starts build/server.js with `env`, serves the home page, and answers what the process loaded. */
async function loadsOf(name: string, env: Record<string, string>) {
  const record = `${DIR}/${name}.txt`;
  const site = await startSite({ ...env, MODULE_LOADS_FILE: record, NODE_OPTIONS: "--import=./tests/e2e/support/module-loads.mjs" });
  try {
    expect((await fetch(`${site.origin}/davmu/share/`)).status).toBe(200);
    return {
      modules: readFileSync(record, "utf8").split("\n").filter(Boolean),
      // The native addon (the package's prebuilt `prebuilds/<platform>.node`) is mapped into the process once anything
      // requires it, whichever loader asked.
      nativeSqlite: readFileSync(`/proc/${site.process.pid}/maps`, "utf8")
        .split("\n")
        .some((line) => line.includes("/node_modules/better-sqlite3/") && line.endsWith(".node")),
    };
  } finally {
    site.stop();
  }
}

const fromPackage = (name: string) => (url: string) => url.includes(`/node_modules/${name}/`);
const builtFile = (file: string) => (url: string) => url.endsWith(`/build/${file}`);

test.beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
});

test("with PLATFORM_API_URL set, neither the embedded platform nor better-sqlite3 is loaded", async () => {
  const { modules, nativeSqlite } = await loadsOf("external", { PLATFORM_API_URL: `${E2E_ORIGIN}/_platform` });
  expect(modules.some(builtFile("server/index.js")), "the record sees the site's build").toBe(true);
  expect(modules.filter(builtFile("embedded-platform.js"))).toEqual([]);
  expect(modules.filter(fromPackage("better-sqlite3"))).toEqual([]);
  expect(nativeSqlite).toBe(false);
});

test("with the embedded platform, both are loaded (the record would see them)", async () => {
  const { modules, nativeSqlite } = await loadsOf("embedded", { PLATFORM_DB_PATH: `${DIR}/platform.sqlite` });
  expect(modules.some(builtFile("embedded-platform.js"))).toBe(true);
  expect(modules.some(fromPackage("better-sqlite3"))).toBe(true);
  expect(nativeSqlite).toBe(true);
});
