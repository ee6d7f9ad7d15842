import { describe, expect, it } from "vitest";
import { openTagExtinfo } from "./wechat-open-tag";

describe("openTagExtinfo", () => {
  it("encodes the app-open parameters as a query string, leaving out empty ones", () => {
    expect(openTagExtinfo({ stype: "docDetailspage", post_id: "aB3&x=1" })).toBe("stype=docDetailspage&post_id=aB3%26x%3D1");
    expect(openTagExtinfo({ stype: "dejinTopic", topic_name: "临江 夜景", user_id: "" })).toBe(
      "stype=dejinTopic&topic_name=%E4%B8%B4%E6%B1%9F+%E5%A4%9C%E6%99%AF",
    );
    expect(openTagExtinfo(null)).toBe("");
  });
});
