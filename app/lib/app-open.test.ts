import { describe, expect, it } from "vitest";
import { appOpenHref, communityAppOpen, contentAppOpen, dejinAppOpen } from "~/lib/app-open";

describe("dejinAppOpen", () => {
  it("keys each dejin kind as the spec says", () => {
    expect(dejinAppOpen.detail("p1")).toEqual({ stype: "dejinDetail", post_id: "p1" });
    expect(dejinAppOpen.personal("u1")).toEqual({ stype: "dejinPersonal", user_id: "u1" });
    expect(dejinAppOpen.topic("城市随手拍")).toEqual({ stype: "dejinTopic", topic_name: "城市随手拍" });
  });
});

describe("communityAppOpen", () => {
  it("keys the community and law kinds by the spec's generic id", () => {
    expect(communityAppOpen.circle("c1")).toEqual({ stype: "circleHomepage", id: "c1" });
    expect(communityAppOpen.post("p1")).toEqual({ stype: "circleDetailspage", id: "p1" });
    expect(communityAppOpen.topic("t1")).toEqual({ stype: "circleTopicpage", id: "t1" });
    expect(communityAppOpen.question("q1")).toEqual({ stype: "lawQuestionDetailspage", id: "q1" });
  });
});

describe("appOpenHref", () => {
  it("adds the parameters to the app's address, encoded, keeping its own query", () => {
    const href = appOpenHref("https://www.example.com/davmu/download?from=h5", dejinAppOpen.topic("城市 随手拍&x"));
    const url = new URL(href);
    expect(url.searchParams.get("from")).toBe("h5");
    expect(url.searchParams.get("stype")).toBe("dejinTopic");
    expect(url.searchParams.get("topic_name")).toBe("城市 随手拍&x");
  });

  it("leaves the address alone without parameters, and gives '#' without an address", () => {
    expect(appOpenHref("https://www.example.com/d", null)).toBe("https://www.example.com/d");
    expect(appOpenHref("", dejinAppOpen.detail("p1"))).toBe("#");
    expect(appOpenHref("not a url", dejinAppOpen.detail("p1"))).toBe("not a url");
  });
});

describe("contentAppOpen", () => {
  const link = "https://m.example.com/davmu/share/news/doc/AbC12345/index.html";

  it("keys content by post_id with its type, link and official account", () => {
    expect(contentAppOpen({ post_id: "AbC12345", content_type: "article", mp: "mp9" }, "docDetailspage", link)).toEqual({
      stype: "docDetailspage",
      post_id: "AbC12345",
      type: "article",
      content_link: link,
      mp: "mp9",
    });
  });

  it("keys a special topic by id, and leaves out an empty official account", () => {
    expect(contentAppOpen({ post_id: "Sp123456", content_type: "special", mp: "" }, "specialHomepage", link)).toEqual({
      stype: "specialHomepage",
      id: "Sp123456",
      type: "special",
      content_link: link,
    });
  });

  it("puts every parameter on the app's address in a fixed order", () => {
    const href = appOpenHref(
      "https://www.example.com/d",
      contentAppOpen({ post_id: "p1", content_type: "video", mp: "m" }, "videoDetailspage", link),
    );
    expect([...new URL(href).searchParams.keys()]).toEqual(["stype", "post_id", "type", "content_link", "mp"]);
  });
});
