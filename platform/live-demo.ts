import type { PlatformContext } from "./context";
import { LiveStatus, statusAt, type RoomRow } from "./live-rooms";
import type { LiveHub } from "./live-streams";
import { DEMO_VIEWERS, demoScriptOf } from "./seed-live";

/** A viewer says something every round; the host posts every this many rounds (the 图文直播 host more often). */
const HOST_EVERY_ROUNDS = { image: 4, video: 8 } as const;
/** Below this many viewers a broadcast is still filling up. */
const FILLED_AUDIENCE = 200;

/** Somewhere between `low` and `high`, whole. */
function between(low: number, high: number): number {
  return Math.floor(low + Math.random() * (high - low + 1));
}

/**
 * The demo audience, so a page is alive when a new user opens it: every `intervalMs`, in each broadcast that is
 * live, one of the seeded viewers chats, a few likes arrive and the online count drifts; every few rounds the host
 * posts the next line of its script (text, pictures from the gallery, now and then a short clip). Scripts cycle.
 * Returns `stop`; the timer does not keep the process alive.
 */
export function startLiveDemo(ctx: PlatformContext, hub: LiveHub, intervalMs: number): { stop(): void } {
  const rounds = new Map<number, number>();
  const allRooms = ctx.db.prepare("SELECT * FROM live_rooms");
  const drift = ctx.db.prepare("UPDATE live_rooms SET online_count = ?, like_count = like_count + ? WHERE id = ?");

  function round(room: RoomRow) {
    const script = demoScriptOf(room.live_id);
    const n = rounds.get(room.id) ?? 0;
    rounds.set(room.id, n + 1);
    const chatter = script?.chatter ?? [];
    if (chatter.length > 0) {
      // Offset by the broadcast so rooms opened side by side don't echo each other.
      const userId = DEMO_VIEWERS[(n + room.id * 3) % DEMO_VIEWERS.length];
      hub.append(room, { kind: "message", text: chatter[n % chatter.length], userId });
    }
    const hostScript = script?.hostScript ?? [];
    const every = room.style === "image" ? HOST_EVERY_ROUNDS.image : HOST_EVERY_ROUNDS.video;
    if (hostScript.length > 0 && n % every === every - 1) {
      const post = hostScript[Math.floor(n / every) % hostScript.length];
      hub.append(room, { kind: "post", format: post.kind, text: post.text, pictures: post.pictures, video: post.video ?? null });
    }
    // A broadcast that just began fills up; then the audience drifts by up to 1% a round. Some of it taps like.
    const online =
      room.online_count < FILLED_AUDIENCE ? room.online_count + between(3, 30) : Math.round(room.online_count * (1 + (Math.random() - 0.5) * 0.02));
    drift.run(online, between(0, 12), room.id);
    hub.touchStats(room.id);
  }

  const timer = setInterval(() => {
    const now = ctx.now();
    const rooms = allRooms.all() as RoomRow[];
    for (const room of rooms) if (statusAt(room, now) === LiveStatus.live) round(room);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
