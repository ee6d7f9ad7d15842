import { describe, expect, it } from "vitest";
import { formatPhoneInput, isValidPhone, phoneDigits } from "./phone";

describe("formatPhoneInput", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["138", "138"],
    ["1380", "138 0"],
    ["13800", "138 00"],
    ["1380013", "138 0013"],
    ["13800138", "138 0013 8"],
    ["13800138000", "138 0013 8000"],
    ["138001380001234", "138 0013 8000"],
    ["138 0013 8000", "138 0013 8000"],
    ["138-0013-8000", "138 0013 8000"],
    ["138  00", "138 00"],
    ["abc", ""],
    ["１３８", ""],
  ])("%j → %j", (raw, expected) => {
    expect(formatPhoneInput(raw)).toBe(expected);
  });

  it("reformats after a deletion in the middle", () => {
    expect(formatPhoneInput("138 013 8000")).toBe("138 0138 000");
  });
});

describe("phoneDigits", () => {
  it("strips everything but ASCII digits", () => {
    expect(phoneDigits("138 0013 8000")).toBe("13800138000");
    expect(phoneDigits(" 1a3b8 ")).toBe("138");
    expect(phoneDigits("")).toBe("");
  });
});

describe("isValidPhone", () => {
  it.each(["13800138000", "19912345678", "15000000000"])("accepts %s", (digits) => {
    expect(isValidPhone(digits)).toBe(true);
  });

  it.each(["", "1380013800", "138001380001", "12800138000", "10800138000", "23800138000", "138 0013 8000", "1380013800a"])("refuses %j", (digits) => {
    expect(isValidPhone(digits)).toBe(false);
  });
});
