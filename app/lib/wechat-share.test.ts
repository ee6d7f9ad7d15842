import { describe, expect, it } from "vitest";
import { SHARE_FALLBACK_DESCRIPTION, SHARE_FALLBACK_TITLE, signatureUrl, wechatShareData } from "./wechat-share";

const entry = "https://m.example.com/davmu/share/news/doc/2026/11/aaaa1111/index.html?from=singlemessage&isappinstalled=0";
const current = "https://m.example.com/davmu/share/news/video/2026/11/bbbb2222/index.html?_t=1795000000000#comments";

describe("signatureUrl", () => {
  it("signs the entry URL on iOS WeChat, whatever the page navigated to since", () => {
    expect(signatureUrl({ isIOS: true, entryUrl: entry, currentUrl: current })).toBe(entry);
  });

  it("signs the current URL on Android, without its hash", () => {
    expect(signatureUrl({ isIOS: false, entryUrl: entry, currentUrl: current })).toBe(
      "https://m.example.com/davmu/share/news/video/2026/11/bbbb2222/index.html?_t=1795000000000",
    );
  });

  it("never signs a hash, on either system", () => {
    expect(signatureUrl({ isIOS: true, entryUrl: `${entry}#top`, currentUrl: current })).toBe(entry);
    expect(signatureUrl({ isIOS: true, entryUrl: "", currentUrl: current })).not.toContain("#");
  });
});

describe("wechatShareData", () => {
  const site = { name: "大目新闻", description: "看见临江", logo: "/_platform/media/logo.png" };
  const options = { currentUrl: current, bundledLogo: "/davmu/share/app-logo.svg" };

  it("takes the page's own title, description, canonical link and image, made absolute", () => {
    expect(
      wechatShareData(
        {
          title: "江边步道开放",
          description: "全长12公里",
          link: "https://m.example.com/davmu/share/news/video/2026/11/bbbb2222/index.html",
          image: "/_platform/media/cover-01.jpg",
        },
        site,
        options,
      ),
    ).toEqual({
      title: "江边步道开放",
      desc: "全长12公里",
      link: "https://m.example.com/davmu/share/news/video/2026/11/bbbb2222/index.html",
      imgUrl: "https://m.example.com/_platform/media/cover-01.jpg",
    });
  });

  it("cleans WeChat's added parameters, our own _t and the hash out of the link", () => {
    const share = wechatShareData({ title: "", description: "", link: `${entry}&_t=1#x`, image: "" }, site, options);
    expect(share.link).toBe("https://m.example.com/davmu/share/news/doc/2026/11/aaaa1111/index.html");
  });

  it("falls back to the current address (cleaned) when the page names no link", () => {
    const share = wechatShareData({ title: "", description: "", link: "", image: "" }, site, { ...options, currentUrl: `${entry}#y` });
    expect(share.link).toBe("https://m.example.com/davmu/share/news/doc/2026/11/aaaa1111/index.html");
  });

  it("falls back to the site's name, description and logo", () => {
    expect(wechatShareData({ title: " ", description: "", link: "", image: "" }, site, options)).toMatchObject({
      title: "大目新闻",
      desc: "看见临江",
      imgUrl: "https://m.example.com/_platform/media/logo.png",
    });
  });

  it("falls back to the fixed texts and the bundled logo when the site has none", () => {
    expect(wechatShareData({ title: "", description: "", link: "", image: "" }, { name: "", description: "", logo: "" }, options)).toMatchObject({
      title: SHARE_FALLBACK_TITLE,
      desc: SHARE_FALLBACK_DESCRIPTION,
      imgUrl: "https://m.example.com/davmu/share/app-logo.svg",
    });
  });
});
