import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAX_LINES = 350;
const REASON = /Long because /;

// A long file is usually two files; one that must stay long says why in its first lines.
it(`every source file over ${MAX_LINES} lines says why it is long`, () => {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs", "*.js", "*.css", "*.sh"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const unexplained = files.filter((file) => {
    const lines = readFileSync(`${ROOT}${file}`, "utf8").split("\n");
    return lines.length > MAX_LINES && !lines.slice(0, 5).some((line) => REASON.test(line));
  });
  expect(unexplained).toEqual([]);
});
