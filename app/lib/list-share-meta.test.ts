import { describe, expect, it } from "vitest";
import { listShareMeta } from "~/lib/list-share-meta";

const site = { name: "大目新闻", description: "看临江，上大目" };
const canonical = "https://share.example.com/davmu/share/list/abc/index";

describe("listShareMeta", () => {
  it("titles the page with the site name and resolves the picture against the canonical URL", () => {
    const meta = listShareMeta({ title: "城市更新观察", description: "记录老城焕新", canonical, image: "/_platform/media/cover-01.jpg", site });
    expect(meta).toContainEqual({ title: "城市更新观察 - 大目新闻" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://share.example.com/_platform/media/cover-01.jpg" });
    expect(meta).toContainEqual({ property: "og:url", content: canonical });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: canonical });
  });

  it("falls back to the site description and leaves out a missing picture", () => {
    const meta = listShareMeta({ title: "搜索", description: "", canonical, image: "", site });
    expect(meta).toContainEqual({ name: "description", content: "看临江，上大目" });
    expect(meta.some((m) => "property" in m && m.property === "og:image")).toBe(false);
  });
});
