import { describe, expect, it } from "vitest";
import { changeRouteMessage } from "./change-route";

const CONTENT = {
  post_id: "Bk1Og15b",
  content_type: "doc",
  title: "临江发布暴雨黄色预警",
  summary: "明后两天局地有大暴雨",
  cover: "https://img.example.com/a.jpg",
  html: "<p>正文</p>",
  view_count: 12,
};

describe("changeRouteMessage", () => {
  it("carries the path and the document detail, without the body", () => {
    const message = changeRouteMessage("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?_t=1&from=app", CONTENT);
    expect(message).toEqual({
      type: "changeRoute",
      path: "/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?from=app",
      detail: { post_id: "Bk1Og15b", content_type: "doc", title: "临江发布暴雨黄色预警", summary: "明后两天局地有大暴雨", cover: "https://img.example.com/a.jpg" },
    });
    expect(JSON.stringify(message)).not.toContain("正文");
  });

  it("leaves the timestamp out of the path", () => {
    expect(changeRouteMessage("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?_t=1795362415665", CONTENT).path).toBe(
      "/davmu/share/news/doc/2026/11/Bk1Og15b/index.html",
    );
  });
});
