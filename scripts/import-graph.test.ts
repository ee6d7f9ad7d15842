import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import madge from "madge";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const graphOf = (folder: string) =>
  madge(`${ROOT}${folder}`, {
    fileExtensions: ["ts", "tsx"],
    tsConfig: `${ROOT}tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });

// A circle makes a module's exports undefined while the circle loads, depending on which module was imported first.
it.each(["app", "server", "platform"])("%s/ imports as a tree: no circle, type-only imports included", { timeout: 120_000 }, async (folder) => {
  const graph = await graphOf(folder);
  expect(graph.circular()).toEqual([]);
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

it("app/ folders import only the layers below them (tests aside)", { timeout: 120_000 }, async () => {
  const graph = (await graphOf("app")).obj();
  const folderOf = (file: string) => (file.includes("/") ? file.split("/")[0] : null);
  const upward: string[] = [];
  for (const [file, deps] of Object.entries(graph)) {
    const from = folderOf(file);
    if (from === null || !(from in MAY_IMPORT) || /\.test(-support)?\.tsx?$/.test(file)) continue;
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
