import { describe, expect, it } from "vitest";
import { splitBookTitles } from "./book-title";

describe("splitBookTitles", () => {
  it("keeps each 《…》 title as one run between the plain text", () => {
    expect(splitBookTitles("请勾选阅读并同意《用户协议》《隐私政策》")).toEqual([
      { text: "请勾选阅读并同意", title: false },
      { text: "《用户协议》", title: true },
      { text: "《隐私政策》", title: true },
    ]);
  });

  it("keeps text after the last title", () => {
    expect(splitBookTitles("《隐私政策》已更新")).toEqual([
      { text: "《隐私政策》", title: true },
      { text: "已更新", title: false },
    ]);
  });

  it("leaves text without titles, and an unclosed 《, as plain text", () => {
    expect(splitBookTitles("登录成功～")).toEqual([{ text: "登录成功～", title: false }]);
    expect(splitBookTitles("见《用户协议")).toEqual([{ text: "见《用户协议", title: false }]);
    expect(splitBookTitles("")).toEqual([]);
  });
});
