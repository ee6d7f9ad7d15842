import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { circlesOf, importGraphs } from "./import-graph.test-support";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const graphOf = importGraphs(ROOT);

const isTest = (file: string) => /\.test(-support)?\.tsx?$/.test(file);

/** Every import of `folder`'s own modules but its tests, as [from, to]. */
function importsOf(folder: string): [string, string][] {
  return Object.entries(graphOf(folder))
    .filter(([file]) => !file.startsWith("../") && !isTest(file))
    .flatMap(([file, deps]) => deps.map((dep): [string, string] => [file, dep]));
}

it("a circle is found, however it is entered", () => {
  const graph = { "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts", "d.ts"], "d.ts": [] };
  expect(circlesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  expect(circlesOf({ ...graph, "0.ts": ["c.ts"] })).toEqual([["c.ts", "a.ts", "b.ts"]]);
});

// A circle makes a module's exports undefined while the circle loads, depending on which module was imported first.
it.each(["app", "server", "platform"])("%s/ imports as a tree: no circle, type-only imports included", (folder) => {
  expect(circlesOf(graphOf(folder))).toEqual([]);
});

/** What each folder of app/ may import besides itself (docs/architecture.md, "The layers"): imports point down. */
const MAY_IMPORT: Record<string, string[]> = {
  // Remix's and React Router's internals, behind one fence: it imports only the framework.
  framework: [],
  lib: ["framework"],
  runtime: ["lib"],
  bff: ["runtime", "lib"],
  visitor: ["bff", "runtime", "lib"],
  render: ["visitor", "bff", "runtime", "lib", "framework", "components", "hooks"],
  "route-support": ["render", "visitor", "bff", "runtime", "lib", "hooks"],
  components: ["client", "hooks", "bff", "lib"],
  hooks: ["client", "bff", "lib"],
  client: ["components", "hooks", "lib", "framework"],
};

/** Known upward edges, each with the reason it is still there. */
const EXCEPTIONS: Record<string, string> = {
  "hooks/use-personal.ts -> visitor/session.server.ts": "the Visitor type the root loader sends",
};

it("app/ folders import only the layers below them (tests aside)", () => {
  const graph = graphOf("app");
  const folderOf = (file: string) => (file.includes("/") ? file.split("/")[0] : null);
  const upward: string[] = [];
  for (const [file, deps] of Object.entries(graph)) {
    const from = folderOf(file);
    if (from === null || !(from in MAY_IMPORT) || isTest(file)) continue;
    for (const dep of deps) {
      const to = folderOf(dep);
      const edge = `${file} -> ${dep}`;
      if (to !== from && !MAY_IMPORT[from].includes(to ?? "") && !(edge in EXCEPTIONS)) upward.push(edge);
    }
  }
  expect(upward).toEqual([]);
});

it("app/ root holds only the framework's entries", () => {
  const files = readdirSync(`${ROOT}app`, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  const entries = ["entry.client.tsx", "entry.server.tsx", "entry.server.test.ts", "root.tsx", "service-worker.ts"];
  expect(files.filter((name) => !entries.includes(name))).toEqual([]);
});

/**
 * What each part of server/ may import of the others (docs/architecture.md, "The layers"); "." is site.ts, which
 * composes them all. Nothing imports the launcher but the site, for the seam's types.
 */
const SERVER_MAY_IMPORT: Record<string, string[]> = {
  middleware: [],
  live: [],
  "page-cache": ["middleware"],
  // Health reports the page cache's statistics.
  ops: ["page-cache"],
  remix: ["page-cache", "middleware"],
  launcher: ["ops", "page-cache", "middleware"],
  ".": ["launcher", "remix", "ops", "page-cache", "live", "middleware"],
};

/** The one module through which the rest of server/ enters each part. */
const FACES: Record<string, string> = {
  middleware: "middleware/index.ts",
  live: "live/index.ts",
  "page-cache": "page-cache/index.ts",
  ops: "ops/index.ts",
  remix: "remix/index.ts",
  launcher: "launcher/site-entry.ts",
};

const partOf = (file: string) => (file.includes("/") ? file.split("/")[0]! : ".");

it("server/ parts import only the parts below them, through their faces (tests aside)", () => {
  const wrong = importsOf("server")
    .filter(([file, dep]) => !dep.startsWith("../") && partOf(file) !== partOf(dep))
    // The launcher's bundles are built apart (scripts/build-server.mjs): it names the modules it bundles, not a face.
    .filter(([file, dep]) => !SERVER_MAY_IMPORT[partOf(file)]?.includes(partOf(dep)) || (partOf(file) !== "launcher" && dep !== FACES[partOf(dep)]))
    .map(([file, dep]) => `${file} -> ${dep}`);
  expect(wrong).toEqual([]);
});

it("server/ root holds only the site", () => {
  const files = readdirSync(`${ROOT}server`, { withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.map((entry) => entry.name)).toEqual(["site.ts"]);
});

// The embedded platform is a service of its own, reached over HTTP; only the launcher's entrance builds it in process.
it("platform/ is imported only by the launcher's entrance, and imports only app/lib/", () => {
  const wrong = [
    ...importsOf("app").filter(([, dep]) => dep.startsWith("../platform/")),
    ...importsOf("server").filter(([file, dep]) => dep.startsWith("../platform/") && file !== "launcher/embedded-platform.ts"),
    ...importsOf("platform").filter(([, dep]) => dep.startsWith("../") && !dep.startsWith("../app/lib/")),
  ];
  expect(wrong.map(([file, dep]) => `${file} -> ${dep}`)).toEqual([]);
});

it("app/ imports nothing of server/ but the site its entry exports", () => {
  const wrong = importsOf("app").filter(
    ([file, dep]) => dep.startsWith("../server/") && `${file} -> ${dep}` !== "entry.server.tsx -> ../server/site.ts",
  );
  expect(wrong).toEqual([]);
});
