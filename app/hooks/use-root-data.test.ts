import { describe, expect, it } from "vitest";
import type { AppConfig } from "~/bff/app-config.server";
import { BANNER_FALLBACK_DESCRIPTION, rootSite } from "~/hooks/use-root-data";
import { DEFAULT_THEME_COLOR } from "~/lib/theme";
import { wechatShareData } from "~/lib/wechat-share";

const CONFIG: AppConfig = {
  themeColor: "#0A7AFF",
  themeTextColor: "#0A6AD9",
  themeDarkTextColor: "#3D95FF",
  navigation: [],
  siteName: "大目新闻",
  siteDescription: "看见临江",
  siteLogo: "https://img.example.com/logo.png",
  downloadUrl: "https://www.example.com/download",
};

const EMPTY_PAGE = { title: "", description: "", link: "", image: "" };
const shareOf = (site: ReturnType<typeof rootSite>) =>
  wechatShareData(EMPTY_PAGE, site, { currentUrl: "https://m.example.com/davmu/share/", bundledLogo: "/davmu/share/app-logo.svg" });

describe("rootSite", () => {
  it("keeps the site's own texts", () => {
    expect(rootSite(CONFIG)).toMatchObject({
      name: "大目新闻",
      description: "看见临江",
      logo: "https://img.example.com/logo.png",
      themeColor: "#0A7AFF",
    });
  });

  it("leaves an empty description empty, so the share card takes its own fallback, not the banner's", () => {
    const site = rootSite({ ...CONFIG, siteDescription: "" });
    expect(site.description).toBe("");
    // Spec section 3: desc defaults to the site's descriptions, else 'open the app to see more exciting content'.
    expect(shareOf(site).desc).toBe("打开APP，查看更多精彩内容");
    expect(BANNER_FALLBACK_DESCRIPTION).toBe("打开APP，查看更多内容");
  });

  it("has every fallback when the platform did not answer", () => {
    const site = rootSite(null);
    expect(site).toMatchObject({ name: "", description: "", logo: "", themeColor: DEFAULT_THEME_COLOR, navigation: [] });
    expect(shareOf(site)).toMatchObject({
      title: "精彩内容",
      desc: "打开APP，查看更多精彩内容",
      imgUrl: "https://m.example.com/davmu/share/app-logo.svg",
    });
  });
});
