import cluster from "node:cluster";
import type { InternalRoute } from "./metrics-listener";
import type { PlatformDetail } from "./health";

const ASK = "health:detail?";
const ANSWER = "health:detail";
type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; detail: PlatformDetail };

export type ClusterDetail = PlatformDetail & { workers: { answered: number; of: number } };

/** 503 while the platform is unreachable. */
export function detailRoute(read: () => Promise<PlatformDetail>): InternalRoute {
  return async (_req, res) => {
    const detail = await read();
    res
      .writeHead(detail.platform.reachable ? 200 : 503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" })
      .end(JSON.stringify(detail));
  };
}

export function answerDetailRequests(read: () => Promise<PlatformDetail>): () => void {
  const onMessage = (message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    read().then(
      (detail) => process.send?.({ type: ANSWER, id: message.id, detail } satisfies Answer),
      () => {},
    );
  };
  process.on("message", onMessage);
  return () => void process.off("message", onMessage);
}

/** Each worker runs its own probe; one that has not answered within `timeoutMs` is left out. */
export function workersDetail(timeoutMs: number): () => Promise<ClusterDetail> {
  let next = 0;
  const waiting = new Map<number, (detail: PlatformDetail) => void>();
  cluster.on("message", (_worker, message: unknown) => {
    if (isMessage<Answer>(message, ANSWER)) waiting.get(message.id)?.(message.detail);
  });
  const ask = (worker: NonNullable<typeof cluster.workers>[number]) =>
    new Promise<PlatformDetail | null>((resolve) => {
      const id = ++next;
      const done = (detail: PlatformDetail | null) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(detail);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      waiting.set(id, done);
      if (!worker?.isConnected()) return done(null);
      worker.send({ type: ASK, id } satisfies Ask);
    });
  return async () => {
    const workers = Object.values(cluster.workers ?? {});
    const details = (await Promise.all(workers.map(ask))).filter((detail): detail is PlatformDetail => detail !== null);
    const sum =
      details.length > 0 ? sumDetails(details) : { ...sumDetails([]), platform: { reachable: false as const, reason: "no worker answered" } };
    return { ...sum, workers: { answered: details.length, of: workers.length } };
  };
}

const BREAKER_ORDER = ["closed", "half-open", "open"];

/** Each breaker at its worst state in any process; Redis in the first state that is not `ready`. */
export function sumDetails(details: readonly PlatformDetail[]): PlatformDetail {
  const unreachable = details.find((detail) => !detail.platform.reachable);
  const breakers: Record<string, string> = {};
  for (const [service, state] of details.flatMap((detail) => Object.entries(detail.breakers))) {
    const known = breakers[service];
    breakers[service] = known !== undefined && BREAKER_ORDER.indexOf(known) >= BREAKER_ORDER.indexOf(state) ? known : state;
  }
  const caches = details.flatMap((detail) => (detail.pageCache ? [detail.pageCache] : []));
  const pageCache = caches.length
    ? (Object.fromEntries(
        Object.keys(caches[0]).map((key) => [key, caches.reduce((sum, cache) => sum + cache[key as keyof typeof cache], 0)]),
      ) as PlatformDetail["pageCache"])
    : undefined;
  return {
    platform: unreachable?.platform ?? { reachable: true },
    breakers,
    pageCache,
    redis: details.find((detail) => detail.redis !== "ready")?.redis ?? details[0]?.redis ?? "not configured",
  };
}

function isMessage<T extends { type: string }>(message: unknown, type: T["type"]): message is T {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;
}
