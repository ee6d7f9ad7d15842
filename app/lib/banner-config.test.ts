import { describe, expect, it } from "vitest";
import { parseBannerConfig } from "~/lib/banner-config";

describe("parseBannerConfig", () => {
  it("takes the site's answer, its three strings only", () => {
    expect(parseBannerConfig({ name: "大目新闻", description: "", logo: "https://img.example/logo.png", extra: 1 })).toEqual({
      name: "大目新闻",
      description: "",
      logo: "https://img.example/logo.png",
    });
  });

  it("refuses an error body, a missing or mistyped field, and what is no object", () => {
    expect(parseBannerConfig({ status: 503, message: "服务繁忙，请稍后再试" })).toBeNull();
    expect(parseBannerConfig({ name: "大目新闻", description: "", logo: null })).toBeNull();
    expect(parseBannerConfig(null)).toBeNull();
    expect(parseBannerConfig("<html>")).toBeNull();
  });
});
