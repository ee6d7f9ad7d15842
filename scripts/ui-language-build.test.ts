import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makesReactContext } from "./ui-language-build";

describe("the modules the server build never copies for zh-Hant", () => {
  it("are those that make a React context, with type arguments or without", () => {
    expect(makesReactContext("export const A = createContext<string | undefined>(undefined);")).toBe(true);
    expect(makesReactContext('import { createContext } from "react";\nexport const B = createContext(null);')).toBe(true);
    expect(makesReactContext('import { useContext } from "react";\nexport const label = "关闭";')).toBe(false);
  });

  it.each(["app/components/nonce.tsx", "app/components/shared-markup.tsx", "app/hooks/use-personal.ts"])(
    "%s: a context the host's render provides, kept one module",
    (file) => expect(makesReactContext(readFileSync(file, "utf8"))).toBe(true),
  );
});
