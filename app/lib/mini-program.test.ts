import { describe, expect, it } from "vitest";
import { isMiniProgramMode, pageChrome } from "./mini-program";

describe("isMiniProgramMode", () => {
  it("uses the user agent until WeChat has answered, then WeChat's answer either way", () => {
    expect(isMiniProgramMode(true, null)).toBe(true);
    expect(isMiniProgramMode(false, null)).toBe(false);
    expect(isMiniProgramMode(false, true)).toBe(true);
    expect(isMiniProgramMode(true, false)).toBe(false);
  });
});

describe("pageChrome", () => {
  it("hides the header and shows the footer, router control and WeChat login in a mini program", () => {
    expect(pageChrome(true)).toEqual({ header: false, footer: true, wechatLogin: true });
    expect(pageChrome(false)).toEqual({ header: true, footer: false, wechatLogin: false });
  });
});
