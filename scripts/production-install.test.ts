// A production-only install (`npm ci --omit=dev`, docs/deploy.md) must still patch the framework, and every install
// script the dependencies bring must be declared: npm 11 runs undeclared ones with a warning, a later npm skips them.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(`${ROOT}${file}`, "utf8"));
const project = read("package.json") as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};

it("postinstall's command is a dependency, so a production-only install applies the patches", () => {
  const [command] = project.scripts.postinstall.split(" ");
  expect(project.scripts.postinstall).toBe("patch-package --error-on-fail");
  expect(Object.keys(project.dependencies), "postinstall runs it without the dev dependencies too").toContain(command);
});

it("every dependency with an install script is allowed or denied in package.json's allowScripts", () => {
  const lock = read("package-lock.json") as { packages: Record<string, { hasInstallScript?: boolean }> };
  const withScripts = Object.entries(lock.packages)
    .filter(([where, entry]) => where !== "" && entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
  const undeclared = [...new Set(withScripts)].filter((name) => typeof project.allowScripts?.[name] !== "boolean");
  expect(undeclared, "review their scripts, then `npm install-scripts approve` or `deny` them (docs/deploy.md)").toEqual([]);
});
