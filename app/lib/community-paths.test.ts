import { describe, expect, it } from "vitest";
import { communityPageUrls, communityPaths, topicKeyOf } from "~/lib/community-paths";

describe("community paths", () => {
  it("carries ids in the query, encoded", () => {
    expect(communityPaths.circle("abc")).toBe("/dimim/circle/index?id=abc");
    expect(communityPaths.question("a&b")).toBe("/fazak/problemShare/index?id=a%26b");
    expect(communityPageUrls.topicPosts("t1", 2)).toBe("/api/dimim/posts?topic=t1&page=2");
  });

  it("reads a topic by id first, else by a name of at most 32 characters", () => {
    expect(topicKeyOf(new URLSearchParams("id=x&name=夜市"))).toEqual({ id: "x" });
    expect(topicKeyOf(new URLSearchParams("name=%20夜市打卡%20"))).toEqual({ name: "夜市打卡" });
    expect(topicKeyOf(new URLSearchParams(`name=${"长".repeat(33)}`))).toBeNull();
    expect(topicKeyOf(new URLSearchParams("name=%20"))).toBeNull();
    expect(topicKeyOf(new URLSearchParams(""))).toBeNull();
  });
});
