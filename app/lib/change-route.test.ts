import { describe, expect, it } from "vitest";
import { CHANGE_ROUTE_QUERY, changeRouteMessage, changeRouteTargets, docDetailOf, isChangeRouteQuery } from "./change-route";

const CANONICAL = "https://share.example.com/davmu/share/news/doc/2026/11/Bk1Og15b/index.html";
const CONTENT = {
  post_id: "Bk1Og15b",
  content_type: "article",
  title: "临江发布暴雨黄色预警",
  summary: "明后两天局地有大暴雨",
  share_link: "https://platform.example.com/s/Bk1Og15b",
  track_id: "t-1024",
  mp: "mp-7",
  content: "<p>正文</p>",
  view_count: 12,
};
const DETAIL = docDetailOf(CONTENT, { canonical: CANONICAL, segment: "doc" });

describe("docDetailOf", () => {
  it("is spec section 3's document detail: title, summary, share_link, content_type, track_id, post_id, content_link, mp, type", () => {
    expect(DETAIL).toEqual({
      title: "临江发布暴雨黄色预警",
      summary: "明后两天局地有大暴雨",
      share_link: "https://platform.example.com/s/Bk1Og15b",
      content_type: "article",
      track_id: "t-1024",
      post_id: "Bk1Og15b",
      content_link: CANONICAL,
      mp: "mp-7",
      type: "doc",
    });
  });

  it("shares the page's own address when the platform gives no share link", () => {
    expect(docDetailOf({ ...CONTENT, share_link: "" }, { canonical: CANONICAL, segment: "doc" }).share_link).toBe(CANONICAL);
  });
});

describe("changeRouteMessage", () => {
  it("carries the path and the whole document detail, without the body", () => {
    const message = changeRouteMessage("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?_t=1&from=app", DETAIL);
    expect(message).toEqual({ type: "changeRoute", path: "/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?from=app", detail: DETAIL });
    expect(JSON.stringify(message)).not.toContain("正文");
  });

  it("leaves the timestamp out of the path", () => {
    expect(changeRouteMessage("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?_t=1795362415665", DETAIL).path).toBe(
      "/davmu/share/news/doc/2026/11/Bk1Og15b/index.html",
    );
  });
});

describe("changeRouteTargets", () => {
  const OWN = "https://share.example.com";
  const PARENTS = ["https://news.example.com", "https://partner.example.org"];

  it("addresses the site's own origin and each allowed parent, once each, when the parent's origin is unknown", () => {
    expect(changeRouteTargets(OWN, PARENTS)).toEqual([OWN, ...PARENTS]);
    expect(changeRouteTargets(OWN, [OWN])).toEqual([OWN]);
  });

  it("never addresses '*' or an opaque origin, whatever the list says", () => {
    expect(changeRouteTargets(OWN, ["*", "null", ""])).toEqual([OWN]);
  });

  it("addresses only the parent's own origin when it is allowed, and nobody when it is not", () => {
    expect(changeRouteTargets(OWN, PARENTS, "https://news.example.com")).toEqual(["https://news.example.com"]);
    expect(changeRouteTargets(OWN, PARENTS, OWN)).toEqual([OWN]);
    expect(changeRouteTargets(OWN, PARENTS, "https://evil.example")).toEqual([]);
  });
});

describe("isChangeRouteQuery", () => {
  it("knows the wrapper's query, as it arrives after structured cloning", () => {
    expect(isChangeRouteQuery(structuredClone(CHANGE_ROUTE_QUERY))).toBe(true);
  });

  it("is not fooled by other messages", () => {
    for (const data of [null, undefined, "changeRouteQuery", { type: "changeRoute" }, { kind: "changeRouteQuery" }, [CHANGE_ROUTE_QUERY]]) {
      expect(isChangeRouteQuery(data)).toBe(false);
    }
  });
});
