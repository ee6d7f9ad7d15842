import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("build-stamp.mjs", import.meta.url));
let project: string;

/** Runs a step of the script in the scratch project; `check` answers with its exit status and its one line. */
function step(name: "begin" | "end" | "check") {
  const run = spawnSync(process.execPath, [SCRIPT, name], { cwd: project, encoding: "utf8" });
  return { status: run.status, line: (run.stdout + run.stderr).trim() };
}

function write(file: string, text: string) {
  mkdirSync(join(project, file, ".."), { recursive: true });
  writeFileSync(join(project, file), text);
}

/** A build as `npm run build` makes it: Remix empties build/ between the two steps. */
function build(during = () => {}) {
  step("begin");
  rmSync(join(project, "build"), { recursive: true, force: true });
  mkdirSync(join(project, "build"));
  during();
  step("end");
}

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "build-stamp-"));
  write("app/lib/page.ts", "export const page = 1;\n");
  write("package.json", "{}\n");
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

it("refuses a project never built, and one whose build stopped before its end", () => {
  expect(step("check")).toEqual({ status: 1, line: "there is no build/: run `npm run build` first." });
  step("begin");
  mkdirSync(join(project, "build"));
  expect(step("check")).toEqual({ status: 1, line: "build/ has no stamp of a finished build: run `npm run build` first." });
});

it("takes a finished build as current until a source it read changes, is added or goes", () => {
  build();
  expect(step("check")).toEqual({ status: 0, line: "" });
  write("app/lib/page.ts", "export const page = 2;\n");
  expect(step("check")).toEqual({ status: 1, line: "build/ is older than app/lib/page.ts: run `npm run build` first." });
  build();
  write("server/new.ts", "export {};\n");
  write("package.json", '{ "name": "x" }\n');
  expect(step("check").line).toBe("build/ is older than package.json and 1 more: run `npm run build` first.");
  build();
  rmSync(join(project, "server/new.ts"));
  expect(step("check").line).toBe("build/ is older than server/new.ts: run `npm run build` first.");
});

it("ignores the tests and notes beside the sources, and the platform's demo media", () => {
  build();
  write("app/lib/page.test.ts", "it.todo('x');\n");
  write("app/lib/README.md", "notes\n");
  write("platform/media/cover.png", "png");
  expect(step("check")).toEqual({ status: 0, line: "" });
});

it("counts a source changed while the build ran as changed", () => {
  build(() => write("app/lib/page.ts", "export const page = 3;\n"));
  expect(step("check").line).toBe("build/ is older than app/lib/page.ts: run `npm run build` first.");
});
