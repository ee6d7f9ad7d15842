// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { schemeOfQuery, themeColorMedia, VISIT_SCHEME_SCRIPT } from "./color-scheme";

describe("schemeOfQuery", () => {
  it("reads the app's dark flag", () => {
    expect(schemeOfQuery("?dark=1")).toBe("dark");
    expect(schemeOfQuery("?from=timeline&dark=0")).toBe("light");
    expect(schemeOfQuery("?dark=yes")).toBeUndefined();
    expect(schemeOfQuery("")).toBeUndefined();
  });
});

describe("themeColorMedia", () => {
  it("leaves the browser's bar to the phone's setting, unless the address carries the flag", () => {
    expect(themeColorMedia("dark", undefined)).toBe("(prefers-color-scheme: dark)");
    expect([themeColorMedia("light", "dark"), themeColorMedia("dark", "dark")]).toEqual(["not all", "all"]);
    expect([themeColorMedia("light", "light"), themeColorMedia("dark", "light")]).toEqual(["all", "not all"]);
  });
});

describe("VISIT_SCHEME_SCRIPT", () => {
  /** A page load: the server's theme-color metas, then the script. */
  const visit = (search: string) => {
    document.head.innerHTML =
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#FF4A26"><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1c1e22">';
    window.history.replaceState(null, "", `/davmu/share/${search}`);
    new Function(VISIT_SCHEME_SCRIPT)();
    return document.documentElement.getAttribute("data-scheme");
  };

  afterEach(() => {
    sessionStorage.clear();
    document.documentElement.removeAttribute("data-scheme");
  });

  const media = () => [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.getAttribute("media"));

  it("leaves a visit without the flag to the phone's setting", () => {
    expect(visit("")).toBeNull();
    expect(media()).toEqual(["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);
  });

  it("makes the page dark with dark=1 and keeps it for the rest of the visit", () => {
    expect(visit("?dark=1")).toBe("dark");
    expect(media()).toEqual(["not all", "all"]);
    document.documentElement.removeAttribute("data-scheme");
    expect(visit("news/doc/index.html")).toBe("dark");
  });

  it("takes dark=0 as light, and a later flag over an earlier one", () => {
    expect(visit("?dark=1")).toBe("dark");
    expect(visit("?dark=0")).toBe("light");
    expect(media()).toEqual(["all", "not all"]);
  });

  it("agrees with a page whose address the server already marked", () => {
    document.head.innerHTML = `<meta name="theme-color" media="${themeColorMedia("light", "dark")}"><meta name="theme-color" media="${themeColorMedia("dark", "dark")}">`;
    window.history.replaceState(null, "", "/davmu/share/?dark=1");
    new Function(VISIT_SCHEME_SCRIPT)();
    expect(media()).toEqual(["not all", "all"]);
  });

  it("ignores a flag it does not know", () => {
    expect(visit("?dark=true")).toBeNull();
  });
});
