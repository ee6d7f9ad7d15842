import { createHmac } from "node:crypto";
import type { Db } from "./db";
import { hashPasswordSync } from "./passwords";
import { DEMO_PHONE } from "./seed-users";

/**
 * The demo account's password, derived from the development key: like the SMS outbox, it is known only to whoever
 * has the key (the start-up prints both), so a deployment that ops expose does not come with a published login.
 */
export function demoPasswordFor(devKey: string): string {
  return `Demo-${createHmac("sha256", devKey).update("demo account password").digest("base64url").slice(0, 10)}`;
}

/** Gives the seeded demo account the password of this key (the seed leaves it without one). */
export function setDemoPassword(db: Db, devKey: string): void {
  db.prepare("UPDATE users SET password_hash = ? WHERE phone = ?").run(hashPasswordSync(demoPasswordFor(devKey)), DEMO_PHONE);
}
