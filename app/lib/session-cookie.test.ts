import { describe, expect, it } from "vitest";
import { hasSessionCookie, SESSION_COOKIE } from "./session-cookie";

describe("hasSessionCookie", () => {
  it("finds the session cookie among others", () => {
    expect(hasSessionCookie(`${SESSION_COOKIE}=abc`)).toBe(true);
    expect(hasSessionCookie(`theme=dark; ${SESSION_COOKIE}=abc; x=1`)).toBe(true);
  });

  it("is not fooled by a cookie whose name or value only contains the session cookie's name", () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie(`x${SESSION_COOKIE}=1`)).toBe(false);
    expect(hasSessionCookie(`other=${SESSION_COOKIE}`)).toBe(false);
    expect(hasSessionCookie(SESSION_COOKIE)).toBe(false);
  });
});
