import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { neededTexts, readCatalogue, textsOf, uiModules } from "./ui-text-catalogue";
import { inLanguage } from "./ui-text-literals";

describe("the zh-Hant UI text catalogue", () => {
  const catalogue = readCatalogue();

  it("has an entry for every UI text in app/", () => {
    const missing = neededTexts().filter((text) => catalogue[text] === undefined);
    expect(missing, "run `npx tsx scripts/ui-text-catalogue.ts` and review the new entries").toEqual([]);
  });

  it("has no entry nothing needs", () => {
    const needed = new Set(neededTexts());
    expect(Object.keys(catalogue).filter((text) => !needed.has(text))).toEqual([]);
  });

  it("reads the modules pages show and no server module", () => {
    const modules = uiModules();
    expect(modules).toEqual(expect.arrayContaining(["app/root.tsx", "app/components/open-app-banner.tsx", "app/lib/relative-date.ts"]));
    expect(modules.filter((file) => /\.server\.|\.test\./.test(file))).toEqual([]);
  });
});

describe("UI texts in a compiled module", () => {
  const compiled = (source: string) => transformSync(source, { loader: "tsx", jsx: "automatic", format: "esm" }).code;
  const source = [
    'const KINDS = { "视频": 1, video: "视频" };',
    "export const ago = (n: number) => `${n}分钟前`;",
    'export const Banner = ({ n }: { n: number }) => <p title="打开APP" data-kind="video">登录{n}条 `x` </p>;',
    "const styled = css`color: 红`;",
  ].join("\n");

  it("are JSX text, attributes, strings and template pieces; never object keys or tagged templates", () => {
    expect(textsOf(source, "banner.tsx")).toEqual(["视频", "分钟前", "打开APP", "登录", "条 `x` "]);
  });

  it("are replaced by their catalogue entries, and a text without one is listed", () => {
    const entries = { 视频: "影片", 分钟前: "分鐘前", 打开APP: "開啟APP", 登录: "登入" };
    const { code, missing } = inLanguage(compiled(source), "banner.tsx", entries);
    expect(missing).toEqual(["条 `x` "]);
    expect(textsOf(code, "banner.js")).toEqual(["影片", "分鐘前", "開啟APP", "登入", "条 `x` "]);
  });

  it("keep a template's escapes when replaced", () => {
    const { code } = inLanguage("export const a = (n) => `${n}分钟前`;", "a.js", { 分钟前: "分鐘`前${x}\\" });
    const translated = new Function(`return ${code.replace("export const a = ", "")}`)() as (n: number) => string;
    expect(translated(3)).toBe("3分鐘`前${x}\\");
  });
});
