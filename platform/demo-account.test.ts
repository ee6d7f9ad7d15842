import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db";
import { demoPasswordFor, setDemoPassword } from "./demo-account";
import { verifyPassword } from "./passwords";
import { seedDatabase } from "./seed";
import { DEMO_PHONE } from "./seed-users";

const dir = mkdtempSync(join(tmpdir(), "demo-account-"));
const db = openDatabase(join(dir, "platform.sqlite"));
seedDatabase(db, new Date("2026-05-20T02:00:00.000Z"));
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedHash = () =>
  (db.prepare("SELECT password_hash FROM users WHERE phone = ?").get(DEMO_PHONE) as { password_hash: string | null }).password_hash;

describe("the demo account", () => {
  it("has no password in the seed: no login is published with the source", () => {
    expect(storedHash()).toBeNull();
  });

  it("gets the password of the development key, and another key's password replaces it", async () => {
    setDemoPassword(db, "first-key-0123456789");
    expect(await verifyPassword(demoPasswordFor("first-key-0123456789"), storedHash()!)).toBe(true);
    setDemoPassword(db, "second-key-0123456789");
    expect(await verifyPassword(demoPasswordFor("first-key-0123456789"), storedHash()!)).toBe(false);
    expect(await verifyPassword(demoPasswordFor("second-key-0123456789"), storedHash()!)).toBe(true);
  });

  it("derives a stable password per key that does not show the key", () => {
    expect(demoPasswordFor("first-key-0123456789")).toBe(demoPasswordFor("first-key-0123456789"));
    expect(demoPasswordFor("first-key-0123456789")).not.toBe(demoPasswordFor("second-key-0123456789"));
    expect(demoPasswordFor("first-key-0123456789")).toMatch(/^Demo-[\w-]{10}$/);
    expect(demoPasswordFor("first-key-0123456789")).not.toContain("first-key");
  });
});
