import { readFileSync } from "node:fs";
import { parseAst, transformWithEsbuild } from "vite";
import { describe, expect, it } from "vitest";
import { makesReactContext } from "./ui-language-build";

/** A module as the build parses it: compiled by esbuild first, as Vite does. */
const parsed = async (source: string, file = "module.tsx") => parseAst((await transformWithEsbuild(source, file, { jsx: "automatic" })).code);

describe("the modules the server build never copies for zh-Hant", () => {
  it("are those that import createContext from react, with type arguments or without", async () => {
    expect(
      makesReactContext(await parsed('import { createContext } from "react";\nexport const A = createContext<string | undefined>(undefined);')),
    ).toBe(true);
    expect(makesReactContext(await parsed('import { createContext as make } from "react";\nexport const B = make(null);'))).toBe(true);
  });

  it("are not those that only read a context, or name createContext without importing it", async () => {
    expect(makesReactContext(await parsed('import { useContext } from "react";\nexport const label = "关闭";'))).toBe(false);
    expect(makesReactContext(await parsed('import { createContext } from "./elsewhere";\nexport const C = createContext();'))).toBe(false);
    expect(makesReactContext(await parsed('// createContext\nexport const text = "createContext";'))).toBe(false);
  });

  it.each(["app/components/nonce.tsx", "app/components/shared-markup.tsx", "app/hooks/use-personal.ts"])(
    "%s: a context the host's render provides, kept one module",
    async (file) => expect(makesReactContext(await parsed(readFileSync(file, "utf8"), file))).toBe(true),
  );
});
