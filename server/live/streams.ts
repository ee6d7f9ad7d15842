import type { Request, Response } from "express";
import { Router } from "express";
import { isLiveId } from "../../app/bff/live.server";
import { BASE_PATH } from "../../app/lib/base-path";
import { basePathOf, type Language } from "../../app/lib/languages";
import type { LiveEvent, LiveHub } from "./hub";
import { jsonErrorBody } from "../../app/route-support/json-error.server";
import { countLiveStreamRefusal, type LiveStreamRefusal } from "../../app/runtime/metrics.server";
import { traditionalAnswer } from "../../app/runtime/traditional-chinese.server";

// An Express route, not a Remix resource route: a stream is then a socket and a closure, no Request, session or root
// loader per viewer (docs/live.md). A refusal is not a stream, so EventSource stops instead of reconnecting.
export type LiveStreamOptions = {
  hub: LiveHub;
  heartbeatMs?: number;
  maxLifetimeMs: number;
  perAddress: number;
  perProcess: number;
  random?: () => number;
};

const RETRY_MS = 1000;

/** A slot frees when a stream ends; an unreachable platform may be back soon. */
const REFUSALS: Record<LiveStreamRefusal, { status: number; retryAfterS?: number }> = {
  address: { status: 429, retryAfterS: 30 },
  process: { status: 503, retryAfterS: 30 },
  unknown: { status: 404 },
  unavailable: { status: 503, retryAfterS: 5 },
};

export function liveStreamRoutes(options: LiveStreamOptions) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const random = options.random ?? Math.random;
  const open = new Set<{ res: Response; started: () => boolean; end: (refusal?: LiveStreamRefusal) => void }>();
  const perAddress = new Map<string, number>();
  const router = Router();

  let heartbeat: ReturnType<typeof setInterval> | null = null;
  const startHeartbeat = () => {
    heartbeat ??= setInterval(() => {
      for (const stream of open) if (stream.started()) stream.res.write(": ping\n\n");
    }, heartbeatMs);
    heartbeat.unref();
  };

  const eventStream = (language: Language) => async (req: Request, res: Response) => {
    const liveId = req.params.liveId ?? "";
    const resumeFrom = lastEventIdOf(req);
    if (!isLiveId(liveId)) return refuse(res, 404);
    if (resumeFrom === undefined) return refuse(res, 400);
    const address = req.ip ?? "";
    const held = perAddress.get(address) ?? 0;
    if (held >= options.perAddress) return refuseStream(res, "address");
    if (open.size >= options.perProcess) return refuseStream(res, "process");
    perAddress.set(address, held + 1);

    let ended = false;
    let started = false;
    // Events that arrive (a ring replay) before the head is written go out right after it.
    const queued: LiveEvent[] = [];
    let resetFirst = false;
    const write = (text: string) => {
      if (!ended) res.write(text);
    };
    const subscription = options.hub.subscribe(liveId, resumeFrom, {
      send: (event: LiveEvent) => (started ? write(frameIn(language, event)) : queued.push(event)),
      reset: () => (started ? write("event: reset\ndata: {}\n\n") : (resetFirst = true)),
      gone() {
        if (!started) return end("unknown");
        write("event: gone\ndata: {}\n\n");
        end();
      },
    });

    const stream = { res, started: () => started, end };
    open.add(stream);
    let lifetime: ReturnType<typeof setTimeout> | undefined;
    // The one way out of a stream, so its slot is given back here. Hoisted: the hub may call gone() first.
    function end(refusal?: LiveStreamRefusal) {
      if (ended) return;
      ended = true;
      clearTimeout(lifetime);
      open.delete(stream);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      subscription.unsubscribe();
      if (started) res.end();
      else if (refusal && !res.destroyed) refuseStream(res, refusal);
    }
    // The response's close, not the request's: it comes however the connection ends.
    res.on("close", () => end());

    const watch = await subscription.watch;
    if (ended) return;
    if (watch !== "watching") return end(watch);

    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      // nginx and similar proxies would otherwise buffer the stream.
      "X-Accel-Buffering": "no",
    });
    started = true;
    res.flushHeaders();
    write(`retry: ${RETRY_MS}\n\n`);
    if (resetFirst) write("event: reset\ndata: {}\n\n");
    for (const event of queued.splice(0)) write(frameIn(language, event));
    startHeartbeat();
    lifetime = setTimeout(end, options.maxLifetimeMs * (0.9 + 0.1 * random()));
  };
  router.get("/api/live/:liveId/events", eventStream("zh-Hans"));
  router.get(`/${basePathOf("zh-Hant").slice(BASE_PATH.length)}api/live/:liveId/events`, eventStream("zh-Hant"));

  return {
    router,
    count: () => open.size,
    /** Browsers reconnect to another instance and resume; one still waiting for the hub is refused. */
    close() {
      for (const stream of [...open]) stream.end("unavailable");
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
  };
}

function frame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${event.data}\n\n`;
}

const traditionalFrames = new WeakMap<LiveEvent, string>();

export function frameIn(language: Language, event: LiveEvent): string {
  if (language === "zh-Hans") return frame(event);
  let text = traditionalFrames.get(event);
  if (text === undefined) {
    text = frame({ ...event, data: JSON.stringify(traditionalAnswer(JSON.parse(event.data))) });
    traditionalFrames.set(event, text);
  }
  return text;
}

/** The browser's Last-Event-ID header wins over the page's query; undefined when malformed. */
function lastEventIdOf(req: Request): number | null | undefined {
  const header = req.get("last-event-id");
  const query = typeof req.query.last_event_id === "string" ? req.query.last_event_id : undefined;
  const raw = header ?? query;
  if (raw === undefined || raw === "") return null;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

function refuse(res: Response, status: number, retryAfterS?: number) {
  res.status(status).set("Cache-Control", "no-store");
  if (retryAfterS) res.set("Retry-After", String(retryAfterS));
  res.json(jsonErrorBody(status));
}

/** A status that is not 200, which EventSource takes as final. */
function refuseStream(res: Response, refusal: LiveStreamRefusal) {
  countLiveStreamRefusal(refusal);
  const { status, retryAfterS } = REFUSALS[refusal];
  refuse(res, status, retryAfterS);
}
