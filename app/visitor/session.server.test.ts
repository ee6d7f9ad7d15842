import { afterEach, describe, expect, it, vi } from "vitest";

const OLD = "old-session-secret-0123456789";
const NEW = "new-session-secret-9876543210";

/** The session module as a process started with SESSION_SECRET=`secrets` has it (the environment is read at import). */
async function sessionsUnder(secrets: string) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", secrets);
  return import("~/visitor/session.server");
}

/** The Cookie header a browser sends back after `setCookie`. */
const sentBack = (setCookie: string) => setCookie.split(";")[0];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("SESSION_SECRET rotation", () => {
  it("signs with the first secret and reads cookies signed by any of them", async () => {
    const before = await sessionsUnder(OLD);
    const session = await before.readSession(undefined);
    session.set("userId", "42");
    const oldCookie = sentBack(await before.sessionCookie(session));

    const rotated = await sessionsUnder(`${NEW}, ${OLD}`);
    const read = await rotated.readSession(oldCookie);
    expect(read.get("userId")).toBe("42");
    const newCookie = sentBack(await rotated.sessionCookie(read));
    expect(newCookie).not.toBe(oldCookie);

    // Once the old secret is gone, what the rotated process signed still reads.
    const after = await sessionsUnder(NEW);
    expect((await after.readSession(newCookie)).get("userId")).toBe("42");
  });

  it("treats a cookie signed by a removed secret as no session", async () => {
    const before = await sessionsUnder(OLD);
    const session = await before.readSession(undefined);
    session.set("userId", "42");
    const oldCookie = sentBack(await before.sessionCookie(session));

    const after = await sessionsUnder(NEW);
    const read = await after.readSession(oldCookie);
    expect(read.get("userId")).toBeUndefined();
    expect(read.data).toEqual({});
  });
});
