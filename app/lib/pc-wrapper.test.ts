import { describe, expect, it } from "vitest";
import { changeRouteMessage, docDetailOf } from "./change-route";
import { acceptedChangeRoute } from "./pc-wrapper";

const ORIGIN = "https://share.example.com";
const BASE = "/davmu/share/";
const DETAIL = docDetailOf(
  {
    post_id: "Bk1Og15b",
    content_type: "article",
    title: "临江发布暴雨黄色预警",
    summary: "明后两天局地有大暴雨",
    share_link: "",
    track_id: "",
    mp: "",
  },
  { canonical: `${ORIGIN}/davmu/share/news/doc/2026/11/Bk1Og15b/index.html`, segment: "doc" },
);

describe("acceptedChangeRoute", () => {
  const message = changeRouteMessage("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html", DETAIL);

  it("accepts the site's own message", () => {
    expect(acceptedChangeRoute(ORIGIN, message, ORIGIN, BASE)).toEqual(message);
  });

  it("refuses messages from another origin", () => {
    expect(acceptedChangeRoute("https://evil.example", message, ORIGIN, BASE)).toBeNull();
    expect(acceptedChangeRoute("null", message, ORIGIN, BASE)).toBeNull();
  });

  it("refuses other messages and paths outside the site", () => {
    expect(acceptedChangeRoute(ORIGIN, { type: "other", path: message.path, detail: message.detail }, ORIGIN, BASE)).toBeNull();
    expect(acceptedChangeRoute(ORIGIN, { ...message, path: "https://evil.example/" }, ORIGIN, BASE)).toBeNull();
    expect(acceptedChangeRoute(ORIGIN, { ...message, path: "//evil.example/davmu/share/" }, ORIGIN, BASE)).toBeNull();
    expect(acceptedChangeRoute(ORIGIN, { type: "changeRoute", path: message.path }, ORIGIN, BASE)).toBeNull();
    expect(acceptedChangeRoute(ORIGIN, "changeRoute", ORIGIN, BASE)).toBeNull();
    expect(acceptedChangeRoute(ORIGIN, null, ORIGIN, BASE)).toBeNull();
  });
});
