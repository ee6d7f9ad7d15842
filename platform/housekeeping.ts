import type { Db } from "./db";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Host posts and chat messages kept per live broadcast: the demo audience would otherwise grow them without end. */
const LIVE_MESSAGES_KEPT = 1000;

/**
 * Deletes rows nothing reads any more: expired tokens, codes past every rate-limit window, old outbox messages,
 * statistics older than the development page needs, live likes past the rate-limit window, a live broadcast's posts
 * and messages beyond its newest LIVE_MESSAGES_KEPT of each.
 */
export function pruneExpiredRows(db: Db, now: Date): void {
  const nowIso = now.toISOString();
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS).toISOString();
  const thirtyDaysAgo = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  db.transaction(() => {
    db.prepare("DELETE FROM tokens WHERE expires_at <= ?").run(nowIso);
    db.prepare("DELETE FROM verification_codes WHERE created_at < ?").run(twoDaysAgo);
    db.prepare("DELETE FROM sms_outbox WHERE created_at < ?").run(twoDaysAgo);
    db.prepare("DELETE FROM password_failures WHERE created_at < ?").run(twoDaysAgo);
    db.prepare("DELETE FROM tracker_events WHERE received_at < ?").run(thirtyDaysAgo);
    db.prepare("DELETE FROM live_likes WHERE created_at < ?").run(twoDaysAgo);
    db.prepare(
      `DELETE FROM live_messages WHERE id IN (SELECT id FROM (
         SELECT id, ROW_NUMBER() OVER (PARTITION BY room_id, kind ORDER BY id DESC) AS newer FROM live_messages) WHERE newer > ?)`,
    ).run(LIVE_MESSAGES_KEPT);
  })();
}
