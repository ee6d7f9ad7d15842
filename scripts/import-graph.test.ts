import { fileURLToPath } from "node:url";
import madge from "madge";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// A circle makes a module's exports undefined while the circle loads, depending on which module was imported first.
it.each(["app", "server", "platform"])("%s/ imports as a tree: no circle, type-only imports included", { timeout: 120_000 }, async (folder) => {
  const graph = await madge(`${ROOT}${folder}`, {
    fileExtensions: ["ts", "tsx"],
    tsConfig: `${ROOT}tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  expect(graph.circular()).toEqual([]);
});
