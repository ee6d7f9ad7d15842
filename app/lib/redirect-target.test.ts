import { describe, expect, it } from "vitest";
import { isPcPage, ownPageUrl, pcEmbedTarget, redirectLocation, safeRedirectTarget } from "./redirect-target";

const origin = "https://share.example.cn";
const fallback = "/davmu/share/";

describe("safeRedirectTarget", () => {
  it.each([
    ["/davmu/share/news/doc/2026/11/abc/index.html", "/davmu/share/news/doc/2026/11/abc/index.html"],
    ["/davmu/share/search/index?q=%E6%96%B0%E9%97%BB#top", "/davmu/share/search/index?q=%E6%96%B0%E9%97%BB#top"],
    ["/davmu/share/", "/davmu/share/"],
    ["/davmu/share", "/davmu/share"],
    ["https://share.example.cn/davmu/share/?group=3", "/davmu/share/?group=3"],
    ["/davmu/share/news/../list/1/index", "/davmu/share/list/1/index"],
    ["davmu/share/relative", "/davmu/share/relative"],
  ])("accepts %s", (value, expected) => {
    expect(safeRedirectTarget(value, origin, fallback)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["//evil.com/davmu/share/"],
    ["/\\evil.com/davmu/share/"],
    ["\\\\evil.com/davmu/share/"],
    ["/davmu/share/\\..\\..\\evil"],
    ["/\t/evil.com/davmu/share/"],
    ["/davmu/share/\nSet-Cookie:x"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(document.domain)//davmu/share/"],
    ["data:text/html,<script>alert(1)</script>"],
    ["https://evil.com/davmu/share/"],
    ["http://share.example.cn/davmu/share/"],
    ["https://share.example.cn:8443/davmu/share/"],
    ["https://share.example.cn@evil.com/davmu/share/"],
    ["/"],
    ["/admin"],
    ["/davmu/sharex/"],
    ["/davmu/share/../../etc/passwd"],
    ["/davmu/share/%2e%2e/%2e%2e/admin"],
    ["/davmu/share//evil.example/phish"],
    ["/davmu/share///evil.example"],
    ["https://share.example.cn/davmu/share//evil.example"],
    ["/davmu/share/news//doc"],
    ["/davmu/share/%2F%2Fevil.example"],
    ["/davmu/share/%2fevil.example"],
    ["/davmu/share/%5C%5Cevil.example"],
    ["/davmu/share/%2e%2e%2f%2e%2e%2fadmin"],
    ["/davmu/share/\\evil.example"],
    ["/davmu/share/\r\nLocation: https://evil.example"],
    ["/davmu/share/\u0000"],
    ["\u0000//evil.example/davmu/share/"],
    [" //evil.example/davmu/share/"],
    ["vbscript:msgbox(1)"],
    ["JAVASCRIPT:alert(1)"],
    ["java\tscript:alert(1)"],
    ["data:,/davmu/share/"],
    ["file:///davmu/share/"],
    ["ftp://share.example.cn/davmu/share/"],
    ["blob:https://share.example.cn/davmu/share/"],
    ["//share.example.cn.evil.example/davmu/share/"],
    ["https:evil.example/davmu/share/"],
    ["https:/evil.example/davmu/share/"],
    ["/%2F/evil.example/davmu/share/"],
  ])("refuses %s", (value) => {
    expect(safeRedirectTarget(value, origin, fallback)).toBe(fallback);
  });

  it("refuses everything when the origin itself is not a URL", () => {
    expect(safeRedirectTarget("/davmu/share/", "not a url", fallback)).toBe(fallback);
  });
});

describe("redirectLocation", () => {
  it.each([
    ["/davmu/share/news/doc/2026/11/abc/index.html#c-9", "/news/doc/2026/11/abc/index.html#c-9"],
    ["/davmu/share/auth?redirect=%2Fdavmu%2Fshare%2F", "/auth?redirect=%2Fdavmu%2Fshare%2F"],
    ["/davmu/share/", "/"],
  ])("gives the router path of %s", (value, expected) => {
    expect(redirectLocation(value, origin)).toBe(expected);
  });

  // Whatever goes in, what comes out is one slash and then a path the router puts under the base.
  it.each([
    ["/davmu/share//evil.example/phish"],
    ["//evil.example"],
    ["/davmu/share/\\evil.example"],
    ["https://evil.example/davmu/share/"],
    ["javascript:alert(1)"],
    ["/davmu/share/%2F%2Fevil.example"],
    [""],
    [null],
  ])("sends %s home", (value) => {
    expect(redirectLocation(value, origin)).toBe("/");
  });
});

describe("pcEmbedTarget", () => {
  it("returns the absolute URL of a page on the site", () => {
    expect(pcEmbedTarget("https://share.example.cn/davmu/share/news/doc/2026/11/abc/index.html?_t=1", origin)).toBe(
      "https://share.example.cn/davmu/share/news/doc/2026/11/abc/index.html?_t=1",
    );
    expect(pcEmbedTarget("/davmu/share/?group=2", origin)).toBe("https://share.example.cn/davmu/share/?group=2");
  });

  it.each([
    [null],
    [""],
    ["https://example.com/"],
    ["https://evil.com/davmu/share/"],
    ["//evil.com/davmu/share/"],
    ["javascript:alert(1)"],
    ["/other/"],
    ["/davmu/share/pc"],
    ["/davmu/share/pc/"],
    ["/davmu/share/PC?url=%2Fdavmu%2Fshare%2F"],
    ["https://share.example.cn/davmu/share/pc?url=https%3A%2F%2Fshare.example.cn%2Fdavmu%2Fshare%2Fpc"],
    ["/davmu/share/pc.data"],
  ])("refuses %s", (value) => {
    expect(pcEmbedTarget(value, origin)).toBeNull();
  });

  it("accepts pages whose names merely start with 'pc'", () => {
    expect(pcEmbedTarget("/davmu/share/pcnews/doc/2026/11/abc/index.html", origin)).toBe(
      "https://share.example.cn/davmu/share/pcnews/doc/2026/11/abc/index.html",
    );
  });
});

describe("isPcPage", () => {
  it("matches only the wrapper page", () => {
    expect(isPcPage("/davmu/share/pc")).toBe(true);
    expect(isPcPage("/davmu/share/pc/")).toBe(true);
    expect(isPcPage("/davmu/share/Pc")).toBe(true);
    expect(isPcPage("/davmu/share/pcx")).toBe(false);
    expect(isPcPage("/davmu/share/news/pc")).toBe(false);
    expect(isPcPage("/pc")).toBe(false);
  });
});

describe("ownPageUrl", () => {
  const site = "https://m.example.com";
  it("gives a page of the site without its hash, query kept as it is", () => {
    expect(ownPageUrl("https://m.example.com/davmu/share/news/doc/2026/11/abc/index.html?from=timeline&_t=1#c", site)).toBe(
      "https://m.example.com/davmu/share/news/doc/2026/11/abc/index.html?from=timeline&_t=1",
    );
    expect(ownPageUrl("https://m.example.com/davmu/share", site)).toBe("https://m.example.com/davmu/share");
  });

  it("refuses relative addresses, other origins, paths outside the base and smuggled hosts", () => {
    for (const value of [
      "/davmu/share/",
      "https://evil.example/davmu/share/",
      "http://m.example.com/davmu/share/",
      "https://m.example.com/other/",
      "https://m.example.com/davmu/share//evil.example",
      "https://m.example.com/davmu/share/%2F%2Fevil.example",
      "",
      null,
    ]) {
      expect(ownPageUrl(value, site), String(value)).toBeNull();
    }
  });
});
