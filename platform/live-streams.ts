import type { Request, Response } from "express";
import type { PlatformContext } from "./context";
import {
  MESSAGE_SELECT,
  liveState,
  liveStats,
  statusAt,
  toLiveMessage,
  toLivePost,
  type LivePost,
  type MessageRow,
  type RoomRow,
} from "./live-rooms";

export type LiveEventKind = "post" | "message" | "stats" | "state";

/** How many missed posts and messages a resumed stream replays at most (the newest ones). */
export const REPLAY_LIMIT = 500;
/** Stats go out at most this often per broadcast, and only when they changed. */
const STATS_INTERVAL_MS = 2_000;
/** The clock is checked this often for broadcasts crossing their start or end. */
const TICK_MS = 1_000;
const HEARTBEAT_MS = 15_000;
/** A subscriber that lets this much pile up unread is too slow to follow; it is closed and may resume. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** What an EventSource waits before reconnecting. */
const RETRY_MS = 2_000;

type Subscriber = { res: Response; roomId: number; liveId: string };

/** A new host post or chat message, as it is stored. */
export type NewMessage =
  | { kind: "post"; format: LivePost["kind"]; text: string; pictures?: LivePost["pictures"]; video?: { url: string; poster: string } | null }
  | { kind: "message"; text: string; userId: number };

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The broadcasts' publisher: one in-process channel per broadcast. Everything that changes a broadcast (a post, a
 * chat message, likes, the online count, the clock crossing start or end) is written to SQLite and sent to the
 * broadcast's open streams as Server-Sent Events, each under the next number of the broadcast's persisted sequence.
 */
export function createLiveHub(ctx: PlatformContext) {
  const { db } = ctx;
  const subscribers = new Set<Subscriber>();
  /** Rooms whose likes or online count changed since their last stats event, with when that was sent (monotonic ms). */
  const statsChanged = new Set<number>();
  const lastStatsAt = new Map<number, number>();

  const nextSeq = db.prepare("UPDATE live_rooms SET event_seq = event_seq + 1 WHERE id = ? RETURNING event_seq");
  const insertMessage = db.prepare(
    `INSERT INTO live_messages (room_id, seq, kind, format, text, pictures, video, user_id, created_at)
     VALUES (@roomId, @seq, @kind, @format, @text, @pictures, @video, @userId, @createdAt)`,
  );
  const messageById = db.prepare(`${MESSAGE_SELECT} WHERE m.id = ?`);
  const allRooms = db.prepare("SELECT * FROM live_rooms");
  const setLastStatus = db.prepare("UPDATE live_rooms SET last_status = ? WHERE id = ?");
  const missedSince = db.prepare(`${MESSAGE_SELECT} WHERE m.room_id = ? AND m.seq > ? ORDER BY m.seq DESC LIMIT ${REPLAY_LIMIT}`);

  function bump(roomId: number): number {
    return (nextSeq.get(roomId) as { event_seq: number }).event_seq;
  }

  function frame(seq: number, kind: LiveEventKind, data: unknown): string {
    return `id: ${seq}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  function write(subscriber: Subscriber, chunk: string) {
    if (subscriber.res.writableLength > MAX_BUFFERED_BYTES) {
      close(subscriber);
      return;
    }
    subscriber.res.write(chunk);
  }

  function close(subscriber: Subscriber) {
    if (!subscribers.delete(subscriber)) return;
    subscriber.res.end();
  }

  function hasSubscribers(roomId: number): boolean {
    for (const s of subscribers) if (s.roomId === roomId) return true;
    return false;
  }

  function broadcast(roomId: number, seq: number, kind: LiveEventKind, data: unknown) {
    const chunk = frame(seq, kind, data);
    for (const s of subscribers) if (s.roomId === roomId) write(s, chunk);
  }

  /** An event that is not stored: it takes the next id and goes to whoever is listening now. */
  function emit(roomId: number, kind: "stats" | "state", data: unknown) {
    broadcast(roomId, bump(roomId), kind, data);
  }

  function shape(row: MessageRow, room: RoomRow) {
    return row.kind === "post" ? toLivePost(ctx, row, room) : toLiveMessage(ctx, row);
  }

  /** Stores a post or message under the broadcast's next event id and sends it to the open streams. */
  function append(room: RoomRow, message: NewMessage) {
    const row = db.transaction(() => {
      const seq = bump(room.id);
      const { lastInsertRowid } = insertMessage.run({
        roomId: room.id,
        seq,
        kind: message.kind,
        format: message.kind === "post" ? message.format : "text",
        text: message.text,
        pictures: JSON.stringify(message.kind === "post" ? (message.pictures ?? []) : []),
        video: message.kind === "post" && message.video ? JSON.stringify(message.video) : null,
        userId: message.kind === "message" ? message.userId : null,
        createdAt: ctx.now().toISOString(),
      });
      return messageById.get(lastInsertRowid) as MessageRow;
    })();
    const data = shape(row, room);
    broadcast(room.id, row.seq, row.kind, data);
    return data;
  }

  /** Likes or the online count changed: a stats event follows within STATS_INTERVAL_MS. */
  function touchStats(roomId: number) {
    statsChanged.add(roomId);
  }

  /** Announces broadcasts whose status the clock changed, and pending stats that are due. */
  function tick() {
    const rooms = allRooms.all() as RoomRow[];
    const now = ctx.now();
    const monotonic = performance.now();
    for (const room of rooms) {
      const status = statusAt(room, now);
      if (status !== room.last_status) {
        setLastStatus.run(status, room.id);
        emit(room.id, "state", liveState(ctx, room));
        ctx.log(`live ${room.live_id}: ${["upcoming", "live", "ended"][status]}`);
      }
      if (statsChanged.has(room.id) && monotonic - (lastStatsAt.get(room.id) ?? -Infinity) >= STATS_INTERVAL_MS) {
        statsChanged.delete(room.id);
        if (!hasSubscribers(room.id)) continue;
        lastStatsAt.set(room.id, monotonic);
        emit(room.id, "stats", liveStats(room));
      }
    }
  }

  /**
   * Opens a broadcast's event stream on `res`. With `lastEventId`, the posts and messages sent after it are replayed
   * first (the newest REPLAY_LIMIT of them); then the current state and stats, each as an event of its own, so a
   * subscriber never misses a change made while it was away; then whatever happens next.
   */
  function subscribe(req: Request, res: Response, room: RoomRow, lastEventId: number | null) {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform also keeps compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    const subscriber: Subscriber = { res, roomId: room.id, liveId: room.live_id };
    if (lastEventId !== null) {
      const missed = missedSince.all(room.id, lastEventId) as MessageRow[];
      for (const row of missed.reverse()) res.write(frame(row.seq, row.kind, shape(row, room)));
    }
    res.write(frame(bump(room.id), "state", liveState(ctx, room)));
    res.write(frame(bump(room.id), "stats", liveStats(room)));
    subscribers.add(subscriber);
    req.on("close", () => close(subscriber));
  }

  const ticker = setInterval(tick, TICK_MS);
  ticker.unref();
  const heartbeat = setInterval(() => {
    for (const s of subscribers) write(s, ": ping\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    append,
    touchStats,
    subscribe,
    tick,
    /**
     * Closes the open streams of one broadcast, or of all without one (shutdown); the reconnection tests' dev endpoint
     * drops one broadcast's, so the others' watchers are left alone. Answers how many there were.
     */
    dropStreams(liveId?: string): number {
      const dropped = [...subscribers].filter((s) => liveId === undefined || s.liveId === liveId);
      for (const s of dropped) close(s);
      return dropped.length;
    },
    /** Open streams per live id. */
    openStreams(): Record<string, number> {
      const open: Record<string, number> = {};
      for (const s of subscribers) open[s.liveId] = (open[s.liveId] ?? 0) + 1;
      return open;
    },
    close() {
      clearInterval(ticker);
      clearInterval(heartbeat);
      for (const s of [...subscribers]) close(s);
    },
  };
}
