import { describe, expect, it } from "vitest";
import { formOrigin, isSessionToken } from "~/visitor/csrf.server";

const ORIGIN = "https://m.example.com";

describe("formOrigin", () => {
  it.each([
    [ORIGIN, undefined, "own"],
    [ORIGIN, "cross-site", "own"],
    ["https://evil.example", undefined, "foreign"],
    ["https://evil.example", "same-origin", "foreign"],
    ["null", undefined, "foreign"],
    [undefined, "same-origin", "own"],
    [undefined, "cross-site", "foreign"],
    [undefined, "same-site", "foreign"],
    [undefined, "none", "unsaid"],
    [undefined, undefined, "unsaid"],
  ] as const)("Origin %s, Sec-Fetch-Site %s: %s", (origin, fetchSite, expected) => {
    expect(formOrigin({ origin, fetchSite }, ORIGIN)).toBe(expected);
  });
});

describe("isSessionToken", () => {
  it("accepts the session's token only", () => {
    const token = "a".repeat(48);
    expect(isSessionToken(token, token)).toBe(true);
    expect(isSessionToken("b".repeat(48), token)).toBe(false);
    expect(isSessionToken(token.slice(1), token)).toBe(false);
    expect(isSessionToken(null, token)).toBe(false);
    expect(isSessionToken(new File(["x"], "csrf"), token)).toBe(false);
  });

  it("matches nothing for a session without a token", () => {
    expect(isSessionToken("", "")).toBe(false);
  });
});
