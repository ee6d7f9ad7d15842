import { fileURLToPath } from "node:url";
import madge from "madge";
import { expect, it } from "vitest";

const PLATFORM = fileURLToPath(new URL(".", import.meta.url));

// A circle makes a module's exports undefined while the circle loads, depending on which module was imported first.
it("the platform's modules import one another as a tree: no circle, type-only imports included", { timeout: 60_000 }, async () => {
  const graph = await madge(PLATFORM, {
    fileExtensions: ["ts"],
    tsConfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  expect(graph.circular()).toEqual([]);
});
