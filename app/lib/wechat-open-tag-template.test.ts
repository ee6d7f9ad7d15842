import { describe, expect, it } from "vitest";
import { openTagTemplate, weappTagPath } from "./wechat-open-tag-template";

describe("openTagTemplate", () => {
  it("is a transparent hit area of the control's size in whole pixels, labelled", () => {
    const html = openTagTemplate({ label: "打开APP", width: 71.6, height: 30.2 });
    expect(html).toContain("width:72px;height:30px");
    expect(html).toContain("background:transparent");
    expect(html).toMatch(/<button class="hit" type="button">打开APP<\/button>$/);
  });

  it("escapes the label, so no markup gets into the template", () => {
    expect(openTagTemplate({ label: `<img src=x onerror="a">&`, width: 10, height: 10 })).toContain("&lt;img src=x onerror=&quot;a&quot;&gt;&amp;");
  });
});

describe("weappTagPath", () => {
  it("starts at the mini program's root and puts .html after the page, before the query", () => {
    expect(weappTagPath("/pages/service/index?from=share&id=3")).toBe("pages/service/index.html?from=share&id=3");
    expect(weappTagPath("pages/home/index")).toBe("pages/home/index.html");
    expect(weappTagPath("pages/home/index.html?a=1")).toBe("pages/home/index.html?a=1");
    expect(weappTagPath("  ")).toBe("");
  });
});
