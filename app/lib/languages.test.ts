import { describe, expect, it } from "vitest";
import { BASE_PATH, routerPath } from "~/lib/base-path";
import {
  choiceTarget,
  chosenLanguage,
  cookieRedirect,
  htmlLangOf,
  inPageLanguage,
  languageAlternates,
  languageChoice,
  languageOfCookie,
  languageOfPath,
  localeCookie,
  pathInLanguage,
} from "~/lib/languages";

const PAGE = `${BASE_PATH}news/doc/2026/11/abcdefgh/index.html`;
const HANT_PAGE = `${BASE_PATH}zh-Hant/news/doc/2026/11/abcdefgh/index.html`;

describe("the language of an address", () => {
  it("is zh-Hant under the prefix, the default everywhere else", () => {
    expect([HANT_PAGE, `${BASE_PATH}zh-Hant/`, `${BASE_PATH}zh-Hant`].map(languageOfPath)).toEqual(["zh-Hant", "zh-Hant", "zh-Hant"]);
    // Not a prefix of its own: a page whose first segment only starts the same way, or the prefix in another case.
    expect([PAGE, BASE_PATH, `${BASE_PATH}zh-Hantx/a`, `${BASE_PATH}zh-hant/a`, "/zh-Hant/a"].map(languageOfPath)).toEqual(Array(5).fill("zh-Hans"));
  });

  it("moves a page between the languages, and back", () => {
    expect(pathInLanguage(PAGE, "zh-Hant")).toBe(HANT_PAGE);
    expect(pathInLanguage(HANT_PAGE, "zh-Hans")).toBe(PAGE);
    expect(pathInLanguage(HANT_PAGE, "zh-Hant")).toBe(HANT_PAGE);
    expect(pathInLanguage(BASE_PATH, "zh-Hant")).toBe(`${BASE_PATH}zh-Hant/`);
    expect(pathInLanguage(`${BASE_PATH}zh-Hant`, "zh-Hans")).toBe(BASE_PATH);
    expect(pathInLanguage("/elsewhere/a", "zh-Hant")).toBe("/elsewhere/a");
  });

  it("routerPath takes either language's base off: Remix puts the request's own back on redirects", () => {
    expect(routerPath(`${HANT_PAGE}?a=1`)).toBe("/news/doc/2026/11/abcdefgh/index.html?a=1");
    expect(routerPath(PAGE)).toBe("/news/doc/2026/11/abcdefgh/index.html");
  });

  it("says zh-CN for Simplified pages as always, the script subtag for Traditional", () => {
    expect([htmlLangOf("zh-Hans"), htmlLangOf("zh-Hant")]).toEqual(["zh-CN", "zh-Hant"]);
  });
});

describe("the locale cookie", () => {
  it("is read among other cookies; an unknown value is no choice", () => {
    expect(languageOfCookie("__share=x; i18n_redirected=zh-Hant; b=1")).toBe("zh-Hant");
    expect(languageOfCookie("i18n_redirected=zh-Hans")).toBe("zh-Hans");
    expect([languageOfCookie("i18n_redirected=en"), languageOfCookie("other=zh-Hant"), languageOfCookie(undefined)]).toEqual([null, null, null]);
  });

  it("lasts 365 days, for the site's pages only", () => {
    expect(localeCookie("zh-Hant", true)).toBe(`i18n_redirected=zh-Hant; Max-Age=31536000; Path=${BASE_PATH}; SameSite=Lax; Secure`);
    expect(localeCookie("zh-Hans", false)).not.toContain("Secure");
  });

  it("sends a zh-Hant visitor from an unprefixed page to its zh-Hant address, query kept", () => {
    expect(cookieRedirect(PAGE, "?a=1", "i18n_redirected=zh-Hant")).toBe(`${HANT_PAGE}?a=1`);
    expect(cookieRedirect(BASE_PATH, "", "i18n_redirected=zh-Hant")).toBe(`${BASE_PATH}zh-Hant/`);
  });

  it("leaves everything else where it is", () => {
    const zhHant = "i18n_redirected=zh-Hant";
    expect(cookieRedirect(PAGE, "", "i18n_redirected=zh-Hans")).toBeNull();
    expect(cookieRedirect(PAGE, "", undefined)).toBeNull();
    expect(cookieRedirect(HANT_PAGE, "", zhHant)).toBeNull();
    for (const notAPage of [`${BASE_PATH}api/comments/abc`, `${PAGE}.data`, `${BASE_PATH}__manifest`, `${BASE_PATH}language`, "/elsewhere"]) {
      expect(cookieRedirect(notAPage, "", zhHant), notAPage).toBeNull();
    }
  });
});

describe("the language choice", () => {
  it("links to the other language, named in that language", () => {
    expect(languageChoice("zh-Hans")).toEqual({ href: `${BASE_PATH}language?lang=zh-Hant`, children: "繁體中文" });
    expect(languageChoice("zh-Hant")).toEqual({ href: `${BASE_PATH}language?lang=zh-Hans`, children: "简体中文" });
  });

  it("takes the visitor to the page they chose on, in the chosen language", () => {
    expect(choiceTarget(`${PAGE}?a=1&b=2`, "zh-Hant")).toBe(`${HANT_PAGE}?a=1&b=2`);
    expect(choiceTarget(HANT_PAGE, "zh-Hans")).toBe(PAGE);
    expect([chosenLanguage("zh-Hant"), chosenLanguage("fr"), chosenLanguage(["zh-Hant"])]).toEqual(["zh-Hant", null, null]);
  });
});

describe("the head of a page in its language", () => {
  const canonical = `https://m.example.cn${HANT_PAGE}?id=1`;

  it("has an alternate for each language and x-default, the same set from either language's address", () => {
    const alternates = languageAlternates(canonical);
    expect(alternates).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "zh-Hans", href: `https://m.example.cn${PAGE}?id=1` },
      { tagName: "link", rel: "alternate", hrefLang: "zh-Hant", href: canonical },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `https://m.example.cn${PAGE}?id=1` },
    ]);
    expect(languageAlternates(`https://m.example.cn${PAGE}?id=1`)).toEqual(alternates);
  });

  it("puts the alternates after the canonical link and the language into the JSON-LD", () => {
    const meta = inPageLanguage(
      [{ title: "标题" }, { tagName: "link", rel: "canonical", href: canonical }, { "script:ld+json": { "@type": "NewsArticle" } }],
      canonical,
    );
    expect(meta).toEqual([
      { title: "标题" },
      { tagName: "link", rel: "canonical", href: canonical },
      ...languageAlternates(canonical),
      { "script:ld+json": { "@type": "NewsArticle", inLanguage: "zh-Hant" } },
    ]);
  });

  it("leaves an error page's metadata as it is: without a canonical URL there are no language versions", () => {
    const meta = [{ title: "内容不存在" }, { tagName: "link", rel: "canonical", href: "" }];
    expect(inPageLanguage(meta, "")).toEqual(meta);
  });
});
