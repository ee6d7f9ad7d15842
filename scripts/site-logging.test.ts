import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What runs only in the browser, which has no logger of the site's: it may keep its own console lines. */
const BROWSER_ONLY = /^app\/(?:client|components|hooks)\/|^app\/(?:entry\.client\.tsx|service-worker\.ts)$/;
/** The standalone platform's own programs (`npm run platform`, `npm run platform:reset`): not the site. */
const STANDALONE = /^platform\/(?:main|reset)\.ts$/;
const TESTS = /\.test(?:-support)?\.tsx?$/;

function sourcesUnder(folder: string): string[] {
  return readdirSync(`${ROOT}${folder}`, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`);
}

it("the site writes its lines through its logger (app/runtime/logger.server.ts): no console in its server code", () => {
  const files = ["server.ts", ...sourcesUnder("server"), ...sourcesUnder("app"), ...sourcesUnder("platform")].filter(
    (file) => !BROWSER_ONLY.test(file) && !STANDALONE.test(file) && !TESTS.test(file),
  );
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.flatMap((file) =>
    readFileSync(`${ROOT}${file}`, "utf8")
      .split("\n")
      .flatMap((line, index) => (/\bconsole\.\w+/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(offenders).toEqual([]);
});
