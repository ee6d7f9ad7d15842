import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// One copy of each module per process (docs/decisions/0007-one-module-graph.md): the site and the app live in the
// Remix server build; the launcher holds no app state, and nothing parks state on the global object to share it.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test(-support)?\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** Where a global registry would hide: `Symbol.for`, or `globalThis` used other than to name a standard global. */
function globalRegistries(source: string): string[] {
  return [...source.matchAll(/Symbol\.for\s*\(|globalThis(?!\.[A-Z]\w*)/g)].map((match) => match[0]);
}

type Imports = { statics: string[]; dynamics: string[] };

/** The repository files `file` imports for their values (type-only imports left out), static and dynamic. */
function importsOf(file: string): Imports {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
  const found: Imports = { statics: [], dynamics: [] };
  const resolve = (specifier: string) => {
    if (!specifier.startsWith(".")) return null;
    const base = path.join(path.dirname(file), specifier);
    return [".ts", ".tsx", "/index.ts"].map((ending) => base + ending).find((candidate) => existsSync(path.join(ROOT, candidate))) ?? base;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings;
      const onlyTypes = named && ts.isNamedImports(named) && !node.importClause?.name && named.elements.every((element) => element.isTypeOnly);
      const target = resolve((node.moduleSpecifier as ts.StringLiteral).text);
      if (target && !onlyTypes) found.statics.push(target);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      const target = resolve((node.moduleSpecifier as ts.StringLiteral).text);
      if (target) found.statics.push(target);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      const target = specifier && ts.isStringLiteral(specifier) ? resolve(specifier.text) : null;
      if (target) found.dynamics.push(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every repository file `entry` loads at start, following static imports; and what it may import on demand. */
function launcherGraph(entry: string): Imports {
  const seen = new Set<string>();
  const dynamics = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { statics, dynamics: later } = importsOf(file);
    for (const target of later) dynamics.add(target);
    statics.forEach(walk);
  };
  walk(entry);
  return { statics: [...seen].sort(), dynamics: [...dynamics].sort() };
}

/** What the launcher may load with it: the seam's accessor, the workers' health pings, the app's pure rules. */
const LAUNCHER_MAY_LOAD = [/^server\.ts$/, /^server\/launcher\/(site-entry|worker-health|start-up-failure)\.ts$/, /^app\/lib\//];

describe("one module graph", () => {
  it("keeps no registry on the global object under app/ or server/", () => {
    const found = [...sourceFiles("app"), ...sourceFiles("server"), "server.ts"]
      .map((file) => ({ file, uses: globalRegistries(readFileSync(path.join(ROOT, file), "utf8")) }))
      .filter(({ uses }) => uses.length > 0);
    expect(found).toEqual([]);
  });

  it("tells a registry from the name of a standard global", () => {
    expect(globalRegistries("const x = (globalThis as { [KEY]?: Map<string, unknown> })[KEY] ??= new Map();")).toEqual(["globalThis"]);
    expect(globalRegistries('const KEY = Symbol.for("davmu-share.singletons");')).toEqual(["Symbol.for("]);
    expect(globalRegistries("new globalThis.Response(body); (event: globalThis.MouseEvent) => event;")).toEqual([]);
  });

  it("has the launcher load nothing stateful of app/ or server/, and the embedded platform only on demand", () => {
    const { statics, dynamics } = launcherGraph("server.ts");
    expect(statics.filter((file) => !LAUNCHER_MAY_LOAD.some((allowed) => allowed.test(file)))).toEqual([]);
    expect(dynamics).toEqual(["server/launcher/embedded-platform.ts"]);
  });

  it("sees through re-exports and leaves type-only imports out", () => {
    expect(importsOf("app/entry.server.tsx").statics).toContain("server/site.ts");
    expect(importsOf("server/launcher/site-entry.ts").statics).toEqual([]);
  });
});
