import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { uiText } from "../app/lib/ui-texts";
import { neededTexts, readCatalogue, textsOf, TRANSLATED_COMPONENTS, untranslatedOf } from "./ui-text-catalogue";

describe("the zh-Hant UI text catalogue", () => {
  const catalogue = readCatalogue();

  it("has a reviewed entry for every text of the translated components", () => {
    const missing = neededTexts().filter((text) => !catalogue[text]);
    expect(missing, "run `npx tsx scripts/ui-text-catalogue.ts` and review the new entries").toEqual([]);
  });

  it("has no entry nothing needs, and none left in Simplified", () => {
    const needed = new Set(neededTexts());
    expect(Object.keys(catalogue).filter((text) => !needed.has(text))).toEqual([]);
    const unchanged = Object.entries(catalogue).filter(([simplified, traditional]) => simplified === traditional);
    expect(unchanged, "an entry the same in both scripts is not reviewed yet").toEqual([]);
  });

  it.each(TRANSLATED_COMPONENTS)("%s writes no text past the catalogue", (file) => {
    expect(untranslatedOf(readFileSync(file, "utf8"))).toEqual([]);
  });

  it("finds texts and the ones written past the catalogue", () => {
    const source = '<p title="说明">{translate("发布")}</p><b>你好</b><i>{x}</i> const a = "b";';
    expect(textsOf(source)).toEqual(["说明", "发布"]);
    expect(untranslatedOf(source)).toEqual(["你好", "说明"]);
  });

  it("answers the Simplified text where there is no catalogue (zh-Hans) or no entry", () => {
    expect([uiText(catalogue, "登录"), uiText(undefined, "登录"), uiText(catalogue, "没有的")]).toEqual(["登入", "登录", "没有的"]);
  });
});
