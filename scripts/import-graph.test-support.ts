import { readdirSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";

/**
 * Import graphs of the project's folders, read the way the compiler reads them: TypeScript's own pre-processing
 * (every import, export-from and `import()`, type-only ones included) and its module resolution under tsconfig.json.
 * Nothing is type-checked, so all of app/, server/ and platform/ are read in well under a second.
 */
export function importGraphs(root: string) {
  const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(resolve(root, "tsconfig.json"), ts.sys.readFile).config, ts.sys, root);
  const resolutions = ts.createModuleResolutionCache(root, (name) => name, options);
  const importsOfFile = new Map<string, string[]>();

  function importsOf(file: string): string[] {
    let found = importsOfFile.get(file);
    if (!found) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      found = importedFiles
        .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys, resolutions).resolvedModule)
        .filter((module) => module && !module.isExternalLibraryImport && !module.resolvedFileName.endsWith(".d.ts"))
        .map((module) => module!.resolvedFileName);
      found = [...new Set(found)];
      importsOfFile.set(file, found);
    }
    return found;
  }

  /** `folder`'s modules and every module they reach, each with its imports; paths relative to `folder` (`../` outside it). */
  return function graphOf(folder: string): Record<string, string[]> {
    const base = resolve(root, folder);
    const pending = readdirSync(base, { recursive: true, encoding: "utf8" })
      .filter((path) => /\.tsx?$/.test(path) && !path.endsWith(".d.ts"))
      .map((path) => resolve(base, path));
    const graph: Record<string, string[]> = {};
    for (let file = pending.pop(); file; file = pending.pop()) {
      const name = relative(base, file);
      if (name in graph) continue;
      const deps = file.endsWith(".json") ? [] : importsOf(file);
      graph[name] = deps.map((dep) => relative(base, dep));
      pending.push(...deps);
    }
    return graph;
  };
}

/** Each circle of `graph` as the modules on it, in import order: one per back edge met walking it depth first. */
export function circlesOf(graph: Record<string, string[]>): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (file: string) => {
    const onPath = path.indexOf(file);
    if (onPath >= 0) return void circles.push(path.slice(onPath));
    if (done.has(file)) return;
    path.push(file);
    for (const dep of graph[file] ?? []) walk(dep);
    path.pop();
    done.add(file);
  };
  for (const file of Object.keys(graph).sort()) walk(file);
  return circles;
}
