import { describe, expect, it } from "vitest";
import { pageShareMeta, titledListMeta } from "~/lib/page-share-meta";

const site = { name: "大目新闻", description: "打开APP，看更多精彩内容" };
const canonical = "https://news.example.com/davmu/share/dejin/catalog/index";

describe("pageShareMeta", () => {
  it("titles the page with the site's name and resolves the image against the canonical address", () => {
    const meta = pageShareMeta({ title: "爆料话题", description: "身边事", image: "/_platform/media/cover-01.jpg", canonical, site });
    expect(meta).toContainEqual({ title: "爆料话题 - 大目新闻" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: canonical });
    expect(meta).toContainEqual({ property: "og:image", content: "https://news.example.com/_platform/media/cover-01.jpg" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    const ld = (meta as Record<string, unknown>[]).find((m) => "script:ld+json" in m)?.["script:ld+json"];
    expect(ld).toMatchObject({
      "@type": "CollectionPage",
      name: "爆料话题",
      url: canonical,
      image: ["https://news.example.com/_platform/media/cover-01.jpg"],
    });
  });

  it("titles a list page from its data, and a failed one by the site", () => {
    const page = { title: "城市更新观察", description: "", canonical, cards: { list: [{ cover: "" }] } };
    expect(titledListMeta(page, site)).toContainEqual({ title: "城市更新观察 - 大目新闻" });
    expect(titledListMeta(undefined, site)).toEqual([{ title: "大目新闻" }]);
  });

  it("falls back to the site's description, then to the fixed text, and drops a missing image", () => {
    expect(pageShareMeta({ title: "t", description: "", image: "", canonical, site })).toContainEqual({
      name: "description",
      content: site.description,
    });
    const bare = pageShareMeta({ title: "", description: "", image: "", canonical, site: { name: "", description: "" } });
    expect(bare).toContainEqual({ title: "精彩内容" });
    expect(bare).toContainEqual({ name: "description", content: "打开APP，查看更多精彩内容" });
    expect(bare.some((m) => "property" in m && m.property === "og:image")).toBe(false);
  });
});
