import { createParser } from "eventsource-parser";
import type { z } from "zod";
import { liveMessageSchema, livePostSchema, liveStateSchema, liveStatsSchema } from "../../app/bff/live.server";
import { logger } from "../../app/runtime/logger.server";

/** One upstream per broadcast per process, fanned out; no retry loop outlives the visitors who wait on it. */

export type LiveEventKind = "post" | "message" | "stats" | "state";

export type LiveEvent = { id: number; event: LiveEventKind; data: string };

const SCHEMAS: Record<LiveEventKind, z.ZodTypeAny> = {
  post: livePostSchema,
  message: liveMessageSchema,
  stats: liveStatsSchema,
  state: liveStateSchema,
};

export type UpstreamConnect = (liveId: string, lastEventId: number | null, signal: AbortSignal) => Promise<Response>;

export type HubOptions = {
  connect: UpstreamConnect;
  ringSize?: number;
  /** A reload comes straight back, so the upstream stays open this long after the last visitor left. */
  graceMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  /** Silence (not even a ping) for this long drops and resumes the connection. */
  idleMs?: number;
  log?: (line: string) => void;
};

export type Subscriber = {
  send(event: LiveEvent): void;
  /** The platform does not know the broadcast (or deleted it while watched): the stream ends for good. */
  gone(): void;
  /** The ring no longer covers where the visitor resumed: their page reloads its lists instead. */
  reset(): void;
};

/** `unavailable`: never reached before the hub first streamed it, or the hub closed; it then holds nothing. */
export type Watch = "watching" | "unknown" | "unavailable";

export type Subscription = {
  watch: Promise<Watch>;
  unsubscribe(): void;
};

type Broadcast = {
  liveId: string;
  subscribers: Set<Subscriber>;
  ring: LiveEvent[];
  lastId: number | null;
  /** The hub has every event after this id; null until it knows. */
  coveredFrom: number | null;
  /** The newest state and stats, kept past the ring: what a visitor who must reset is told at once. */
  latest: Map<LiveEventKind, LiveEvent>;
  abort: AbortController;
  attempt: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
  open: boolean;
  /** Only a broadcast once `watching` is ever retried. */
  watched: Watch | null;
  settle: (watch: Watch) => void;
  watch: Promise<Watch>;
};

export function createLiveHub(options: HubOptions) {
  const ringSize = options.ringSize ?? 500;
  const graceMs = options.graceMs ?? 10_000;
  const baseMs = options.backoffBaseMs ?? 500;
  const maxMs = options.backoffMaxMs ?? 30_000;
  const random = options.random ?? Math.random;
  const idleMs = options.idleMs ?? 45_000;
  const log = options.log ?? ((line: string) => logger.warn(line));
  const broadcasts = new Map<string, Broadcast>();

  function backoffDelay(attempt: number): number {
    const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  }

  function receive(broadcast: Broadcast, id: number, kind: LiveEventKind, raw: string) {
    if (broadcast.lastId !== null && id <= broadcast.lastId) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return log(`live ${broadcast.liveId}: event ${id} without JSON`);
    }
    const checked = SCHEMAS[kind].safeParse(parsed);
    if (!checked.success) return log(`live ${broadcast.liveId}: event ${id} (${kind}) did not match: ${checked.error.issues[0]?.message ?? ""}`);
    const event: LiveEvent = { id, event: kind, data: JSON.stringify(checked.data) };
    broadcast.coveredFrom ??= id - 1;
    broadcast.lastId = id;
    if (kind === "state" || kind === "stats") broadcast.latest.set(kind, event);
    broadcast.ring.push(event);
    if (broadcast.ring.length > ringSize) {
      const dropped = broadcast.ring.splice(0, broadcast.ring.length - ringSize);
      broadcast.coveredFrom = dropped[dropped.length - 1]!.id;
    }
    for (const subscriber of broadcast.subscribers) subscriber.send(event);
  }

  function settle(broadcast: Broadcast, watch: Watch) {
    if (broadcast.watched) return;
    broadcast.watched = watch;
    broadcast.settle(watch);
  }

  async function run(broadcast: Broadcast) {
    const { signal } = broadcast.abort;
    while (!signal.aborted) {
      let delivered = false;
      // Ends a connection that went silent; the platform pings every 15 s.
      const attempt = new AbortController();
      let idle: ReturnType<typeof setTimeout> | undefined;
      const watchdog = () => {
        clearTimeout(idle);
        idle = setTimeout(() => attempt.abort(new Error(`no data for ${idleMs} ms`)), idleMs);
      };
      let reason: string;
      try {
        watchdog();
        const response = await options.connect(broadcast.liveId, broadcast.lastId, AbortSignal.any([signal, attempt.signal]));
        if (response.status === 404) {
          await response.body?.cancel();
          settle(broadcast, "unknown");
          for (const subscriber of broadcast.subscribers) subscriber.gone();
          return end(broadcast);
        }
        if (!isEventStream(response) || !response.body) {
          await response.body?.cancel();
          throw new Error(`upstream answered ${response.status}`);
        }
        broadcast.open = true;
        settle(broadcast, "watching");
        const parser = createParser({
          onEvent(message) {
            const id = Number(message.id);
            if (!Number.isSafeInteger(id) || !(message.event && message.event in SCHEMAS)) return;
            delivered = true;
            receive(broadcast, id, message.event as LiveEventKind, message.data);
          },
        });
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          watchdog();
          parser.feed(decoder.decode(chunk, { stream: true }));
          if (delivered) broadcast.attempt = 0;
        }
        reason = "upstream ended the stream";
      } catch (error) {
        reason = (error as Error).message;
      } finally {
        clearTimeout(idle);
      }
      broadcast.open = false;
      if (signal.aborted) return;
      // Never reached: the id may be anyone's guess, so the hub does not retry on a visitor's word.
      const stop = broadcast.watched !== "watching" ? "never reached" : broadcast.subscribers.size === 0 ? "nobody watching" : null;
      if (stop) {
        log(`live ${broadcast.liveId}: upstream lost (${reason}); ${stop}, not retrying`);
        return end(broadcast);
      }
      const wait = backoffDelay(broadcast.attempt);
      broadcast.attempt += 1;
      log(`live ${broadcast.liveId}: upstream lost (${reason}); retrying in ${wait} ms`);
      await pause(wait, signal);
    }
  }

  function end(broadcast: Broadcast) {
    broadcast.abort.abort();
    settle(broadcast, "unavailable");
    if (broadcast.closeTimer) clearTimeout(broadcast.closeTimer);
    broadcast.subscribers.clear();
    if (broadcasts.get(broadcast.liveId) === broadcast) broadcasts.delete(broadcast.liveId);
  }

  function start(liveId: string, lastEventId: number | null): Broadcast {
    let resolve: (watch: Watch) => void = () => undefined;
    const watch = new Promise<Watch>((done) => (resolve = done));
    const broadcast: Broadcast = {
      settle: resolve,
      watch,
      watched: null,
      liveId,
      subscribers: new Set(),
      ring: [],
      // The first visitor's own position: the platform replays what they missed into the ring.
      lastId: lastEventId,
      coveredFrom: lastEventId,
      latest: new Map(),
      abort: new AbortController(),
      attempt: 0,
      closeTimer: null,
      open: false,
    };
    broadcasts.set(liveId, broadcast);
    void run(broadcast);
    return broadcast;
  }

  return {
    subscribe(liveId: string, lastEventId: number | null, subscriber: Subscriber): Subscription {
      let sentUpTo = lastEventId ?? Number.NEGATIVE_INFINITY;
      const member: Subscriber = {
        send(event) {
          if (event.id <= sentUpTo) return;
          sentUpTo = event.id;
          subscriber.send(event);
        },
        gone: () => subscriber.gone(),
        reset: () => subscriber.reset(),
      };
      let broadcast = broadcasts.get(liveId);
      if (!broadcast) {
        broadcast = start(liveId, lastEventId);
      } else {
        if (broadcast.closeTimer) clearTimeout(broadcast.closeTimer);
        broadcast.closeTimer = null;
        const behind = lastEventId !== null && (broadcast.lastId === null || lastEventId < broadcast.lastId);
        if (behind) {
          const covered = broadcast.coveredFrom !== null && lastEventId >= broadcast.coveredFrom;
          if (covered) for (const event of broadcast.ring) member.send(event);
          else {
            // As the platform's own streams do: the current state and counts at once, the lists from the reset.
            member.reset();
            for (const event of [...broadcast.latest.values()].sort((a, b) => a.id - b.id)) member.send(event);
          }
        }
      }
      broadcast.subscribers.add(member);
      const owner = broadcast;
      return {
        watch: owner.watch,
        unsubscribe() {
          owner.subscribers.delete(member);
          if (owner.subscribers.size > 0 || owner.closeTimer || broadcasts.get(owner.liveId) !== owner) return;
          // Only an open upstream waits out the grace; one connecting or down stops now.
          if (!owner.open) return end(owner);
          owner.closeTimer = setTimeout(() => {
            owner.closeTimer = null;
            if (owner.subscribers.size === 0) end(owner);
          }, graceMs);
        },
      };
    },
    stats() {
      return [...broadcasts.values()].map((b) => ({ liveId: b.liveId, subscribers: b.subscribers.size, upstreamOpen: b.open, lastId: b.lastId }));
    },
    close() {
      for (const broadcast of [...broadcasts.values()]) end(broadcast);
    },
    backoffDelay,
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal.addEventListener("abort", stop, { once: true });
  });
}

export const isEventStream = (response: Response) => response.ok && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
