import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const E2E = "tests/e2e";

/** Every TypeScript file under tests/e2e, relative to the repository. */
const e2eFiles = readdirSync(`${ROOT}${E2E}`, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => `${E2E}/${name}`)
  .sort();
const isSpec = (file: string) => /\.(spec|webkit)\.ts$/.test(file);

/** `file:line: what`, for each use of the project's name (the `phone` fixture says what a test may ask). */
export function projectNameUses(file: string, source: string): string[] {
  return source.split("\n").flatMap((line, index) => (/\bproject\.name\b/.test(line) ? [`${file}:${index + 1}: project.name`] : []));
}

/** `file:line: what`, for each import of Playwright's own `test` or `expect` (specs take them from support/test.ts). */
export function playwrightTestImports(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest);
  return tree.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    if (statement.moduleSpecifier.text !== "@playwright/test") return [];
    const line = tree.getLineAndCharacterOfPosition(statement.getStart(tree)).line + 1;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return [`${file}:${line}: import * from "@playwright/test"`];
    const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    return named
      .filter((element) => !element.isTypeOnly && ["test", "expect"].includes((element.propertyName ?? element.name).text))
      .map((element) => `${file}:${line}: imports ${(element.propertyName ?? element.name).text} from "@playwright/test"`);
  });
}

describe("e2e specs", () => {
  it("finds the specs", () => {
    expect(e2eFiles.filter(isSpec).length).toBeGreaterThan(40);
  });

  it("never branch on the project's name, in specs or their support modules: they ask the phone fixture", () => {
    const found = e2eFiles.flatMap((file) => projectNameUses(file, readFileSync(`${ROOT}${file}`, "utf8")));
    expect(found, "use the `phone` fixture (tests/e2e/support/test.ts), or @once for what runs once").toEqual([]);
  });

  it("take test and expect from support/test.ts, not from @playwright/test", () => {
    const found = e2eFiles.filter(isSpec).flatMap((file) => playwrightTestImports(file, readFileSync(`${ROOT}${file}`, "utf8")));
    expect(found, 'import { expect, test } from "./support/test"').toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("name the file and line of a project-name branch", () => {
    const source = 'import { test } from "./support/test";\n\ntest("x", ({}, testInfo) => {\n  if (testInfo.project.name === "no-js") return;\n});\n';
    expect(projectNameUses("tests/e2e/x.spec.ts", source)).toEqual(["tests/e2e/x.spec.ts:4: project.name"]);
  });

  it("name the file and line of Playwright's test imported directly, and let types and devices through", () => {
    const source = [
      'import { devices, type Page } from "@playwright/test";',
      'import {\n  expect,\n  test as base,\n} from "@playwright/test";',
      'import * as playwright from "@playwright/test";',
    ].join("\n");
    expect(playwrightTestImports("tests/e2e/x.spec.ts", source)).toEqual([
      'tests/e2e/x.spec.ts:2: imports expect from "@playwright/test"',
      'tests/e2e/x.spec.ts:2: imports test from "@playwright/test"',
      'tests/e2e/x.spec.ts:6: import * from "@playwright/test"',
    ]);
  });
});
