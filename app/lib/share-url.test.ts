import { describe, expect, it } from "vitest";
import { canonicalUrl } from "./share-url";

const page = "https://share.example.cn/davmu/share/news/doc/2026/11/abc/index.html";

describe("canonicalUrl", () => {
  it("drops WeChat and QQ share parameters and the hash", () => {
    expect(
      canonicalUrl(
        `${page}?from=singlemessage&isappinstalled=0&nsukey=abc&scene=1&clicktime=1700000000&enterid=1700000000&sharer_shareid=x&sharer_sharetime=1&share_source=qq&wxshare_count=2&pass_ticket=zzz#wechat_redirect`,
      ),
    ).toBe(page);
  });

  it("drops our own _t and _ parameters", () => {
    expect(canonicalUrl(`${page}?_t=1731650000000&_=1731650000000`)).toBe(page);
  });

  it("keeps other parameters in a stable, sorted order", () => {
    expect(canonicalUrl("https://share.example.cn/davmu/share/?from=timeline&group=3&id=9")).toBe(
      "https://share.example.cn/davmu/share/?group=3&id=9",
    );
    expect(canonicalUrl("https://share.example.cn/davmu/share/?id=9&group=3")).toBe(
      canonicalUrl("https://share.example.cn/davmu/share/?group=3&id=9"),
    );
  });

  it("keeps repeated parameters in their original relative order", () => {
    expect(canonicalUrl(`${page}?tag=b&a=1&tag=a`)).toBe(`${page}?a=1&tag=b&tag=a`);
  });

  it("accepts URL objects without mutating them", () => {
    const url = new URL(`${page}?from=groupmessage#x`);
    expect(canonicalUrl(url)).toBe(page);
    expect(url.href).toBe(`${page}?from=groupmessage#x`);
  });

  it("leaves a clean address untouched", () => {
    expect(canonicalUrl(page)).toBe(page);
  });

  it("throws on a relative address", () => {
    expect(() => canonicalUrl("/davmu/share/")).toThrow(TypeError);
  });
});
