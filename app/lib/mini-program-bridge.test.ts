import { describe, expect, it } from "vitest";
import { miniProgramLoginUrl, miniProgramShareMessage } from "./mini-program-bridge";

describe("miniProgramLoginUrl", () => {
  it("sends the current path and query, encoded, to the mini program's login page", () => {
    expect(miniProgramLoginUrl("/davmu/share/news/doc/2026/11/abc/index.html?_t=1&group=a b")).toBe(
      "/pages/login/index?redirect=%2Fdavmu%2Fshare%2Fnews%2Fdoc%2F2026%2F11%2Fabc%2Findex.html%3F_t%3D1%26group%3Da%20b",
    );
  });
});

describe("miniProgramShareMessage", () => {
  it("carries the share card under names the mini program's onShareAppMessage takes", () => {
    expect(
      miniProgramShareMessage({ title: "t", desc: "d", link: "https://m.example.com/davmu/share/", imgUrl: "https://m.example.com/logo.png" }),
    ).toEqual({
      type: "share",
      title: "t",
      desc: "d",
      link: "https://m.example.com/davmu/share/",
      imageUrl: "https://m.example.com/logo.png",
    });
  });
});
