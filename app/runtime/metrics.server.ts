import cluster from "node:cluster";
import { totalmem } from "node:os";
import { AggregatorRegistry, Counter, Gauge, Histogram, collectDefaultMetrics, type Registry } from "prom-client";
import type { ClientErrorKind, VitalName } from "~/lib/field-reports";

/** One registry per process; under build/cluster.js each worker answers the primary, which serves the sum. */

export type PageCacheStats = {
  entries: number;
  bytes: number;
  hits: number;
  stale: number;
  joined: number;
  misses: number;
  uncached: number;
  personal: number;
};

export type MetricSources = {
  pageCache?: () => PageCacheStats;
  breakers?: () => Record<string, string>;
  liveStreams?: () => number;
  liveHub?: () => Array<{ subscribers: number; upstreamOpen: boolean }>;
};

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A bucket at each of Google's two thresholds, so the alerts' quantiles are exact there. */
const WEB_VITALS = {
  LCP: { name: "web_vitals_lcp_seconds", scale: 1000, buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20], what: "Largest Contentful Paint" },
  INP: { name: "web_vitals_inp_seconds", scale: 1000, buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2, 5], what: "Interaction to Next Paint" },
  CLS: { name: "web_vitals_cls", scale: 1, buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2], what: "Cumulative Layout Shift (no unit)" },
  FCP: { name: "web_vitals_fcp_seconds", scale: 1000, buckets: [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10], what: "First Contentful Paint" },
  TTFB: { name: "web_vitals_ttfb_seconds", scale: 1000, buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3, 6], what: "Time to First Byte" },
} as const satisfies Record<VitalName, { name: string; scale: number; buckets: number[]; what: string }>;
const BREAKER_STATES = ["closed", "half-open", "open"] as const;
const PAGE_CACHE_RESULTS = { hit: "hits", stale: "stale", joined: "joined", miss: "misses", uncached: "uncached", personal: "personal" } as const;

function createMetrics() {
  // An AggregatorRegistry is a Registry that also answers build/cluster.js's primary when this process is a worker.
  const registry: Registry = new AggregatorRegistry();
  if (cluster.isWorker) AggregatorRegistry.setRegistries([registry]);
  collectDefaultMetrics({ register: registry });
  const sources: MetricSources = {};
  const sanitizerPools = new Set<{ queueSize: number }>();

  const registers = [registry];
  const metrics = {
    registry,
    sources,
    sanitizerPools,
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Requests answered by the site, from arrival to the end of the answer, by route family, method and status class",
      labelNames: ["family", "method", "status_class"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "davmu_share_upstream_request_duration_seconds",
      help: "Platform calls made (not those an open breaker refused), by upstream service and outcome (ok, timeout, unavailable, invalid, aborted)",
      labelNames: ["service", "outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    sanitizeDuration: new Histogram({
      name: "davmu_share_sanitizer_duration_seconds",
      help: "Rich HTML sanitizings, from being asked to the answer (the wait in the queue included), by outcome",
      labelNames: ["outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "davmu_share_rate_limit_refusals_total",
      help: "Attempts refused by the site's own rate limits, by limit",
      labelNames: ["limit"] as const,
      registers,
    }),
    droppedWriteMessages: new Counter({
      name: "davmu_share_write_messages_dropped_total",
      help: "Messages on the content-written channel dropped unread, by reason (oversized, unsigned, forged, malformed)",
      labelNames: ["reason"] as const,
      registers,
    }),
    failedEdgePurges: new Counter({
      name: "davmu_share_edge_purge_failures_total",
      help: "Purges of an edge (EDGE_PURGE_URLS) that failed: refused, unanswered or timed out, by edge",
      labelNames: ["edge"] as const,
      registers,
    }),
    liveStreamRefusals: new Counter({
      name: "davmu_share_live_stream_refusals_total",
      help: "Live event streams refused, by reason (address, process, unknown, unavailable)",
      labelNames: ["reason"] as const,
      registers,
    }),
    webVitals: Object.fromEntries(
      Object.entries(WEB_VITALS).map(([vital, { name, buckets, what }]) => [
        vital,
        new Histogram({
          name,
          help: `${what} of page views as visitors' browsers measured it, by page type and device class`,
          labelNames: ["page_type", "device_class"] as const,
          buckets,
          registers,
        }),
      ]),
    ) as Record<VitalName, Histogram<"page_type" | "device_class">>,
    undeliveredTrackingEvents: new Counter({
      name: "davmu_share_tracking_events_undelivered_total",
      help: "Statistics events pages sent that the stat base did not take (refused, unanswered), by behavior (view, read, expose, …)",
      labelNames: ["behavior"] as const,
      registers,
    }),
    clientErrors: new Counter({
      name: "client_errors_total",
      help: "Errors the site's scripts met in visitors' browsers, by page type and kind (error, rejection, boundary, hydration, chunk)",
      labelNames: ["page_type", "kind"] as const,
      registers,
    }),
  };

  new Gauge({
    name: "davmu_share_sanitizer_queue",
    help: "Rich HTML bodies waiting for a sanitizing thread",
    registers,
    collect() {
      this.set([...sanitizerPools].reduce((sum, pool) => sum + pool.queueSize, 0));
    },
  });
  new Counter({
    name: "davmu_share_page_cache_requests_total",
    help: "Anonymous and personal page requests through the page cache, by result (hit, stale, joined, miss, uncached, personal)",
    labelNames: ["result"] as const,
    registers,
    collect() {
      const stats = sources.pageCache?.();
      if (!stats) return;
      // The cache keeps its own counts; the counter is set to them, as a counter read from elsewhere is.
      this.reset();
      for (const [result, count] of Object.entries(PAGE_CACHE_RESULTS)) this.inc({ result }, stats[count]);
    },
  });
  new Gauge({
    name: "davmu_share_page_cache_stored_bytes",
    help: "Bytes the page cache holds (its own size count: every encoding of every stored page)",
    registers,
    collect() {
      this.set(sources.pageCache?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: "davmu_share_page_cache_entries",
    help: "Pages the page cache holds",
    registers,
    collect() {
      this.set(sources.pageCache?.().entries ?? 0);
    },
  });
  new Gauge({
    name: "davmu_share_upstream_breaker_state",
    help: "Each upstream service's circuit breaker: 1 for its current state (closed, half-open, open); summed over a cluster's workers, how many are in it",
    labelNames: ["service", "state"] as const,
    registers,
    collect() {
      this.reset();
      for (const [service, current] of Object.entries(sources.breakers?.() ?? {})) {
        for (const state of BREAKER_STATES) this.set({ service, state }, state === current ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: "davmu_share_memory_limit_bytes",
    help: "The memory the process may use: its cgroup's limit (a container's), else the machine's; the workers of one replica share one",
    registers,
    // The workers' RSS is summed over a replica; their limit is one container's, not one each.
    aggregator: "max",
    collect() {
      this.set(memoryLimitBytes());
    },
  });
  new Gauge({
    name: "davmu_share_live_streams",
    help: "Visitors' live event streams open",
    registers,
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: "davmu_share_live_upstream_connections",
    help: "The live hub's connections to the platform's event streams that are open (one per broadcast watched)",
    registers,
    collect() {
      this.set((sources.liveHub?.() ?? []).filter((broadcast) => broadcast.upstreamOpen).length);
    },
  });
  new Gauge({
    name: "davmu_share_live_broadcasts",
    help: "Broadcasts the live hub holds (watched, or in the grace after the last visitor left); those without an open upstream connection are connecting or waiting to retry",
    registers,
    collect() {
      this.set(sources.liveHub?.().length ?? 0);
    },
  });
  return metrics;
}

let created: ReturnType<typeof createMetrics> | undefined;
const metrics = () => (created ??= createMetrics());

export const metricsRegistry = (): Registry => metrics().registry;

export function watchSources(sources: MetricSources): void {
  Object.assign(metrics().sources, sources);
}

export function observeRequest(labels: { family: string; method: string; status_class: string }, startedAt: bigint): void {
  metrics().httpRequestDuration.observe(labels, secondsSince(startedAt));
}

export function timedUpstream<T>(service: string, call: () => Promise<T>, outcomeOf: (error: unknown) => string): () => Promise<T> {
  return async () => {
    const startedAt = process.hrtime.bigint();
    let outcome = "ok";
    try {
      return await call();
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      metrics().upstreamDuration.observe({ service, outcome }, secondsSince(startedAt));
    }
  };
}

export function timedSanitizing<T>(pool: { queueSize: number }, work: Promise<T>): Promise<T> {
  const { sanitizerPools, sanitizeDuration } = metrics();
  sanitizerPools.add(pool);
  const startedAt = process.hrtime.bigint();
  work.then(
    () => sanitizeDuration.observe({ outcome: "ok" }, secondsSince(startedAt)),
    () => sanitizeDuration.observe({ outcome: "failed" }, secondsSince(startedAt)),
  );
  return work;
}

export function countingRefusals<L extends { hit(key: string): Promise<number> }>(limit: string, limiter: L): L {
  return {
    ...limiter,
    async hit(key: string) {
      const wait = await limiter.hit(key);
      if (wait > 0) metrics().rateLimitRefusals.inc({ limit });
      return wait;
    },
  };
}

export function countDroppedWriteMessage(reason: string): void {
  metrics().droppedWriteMessages.inc({ reason });
}

export function countFailedEdgePurge(edge: string): void {
  metrics().failedEdgePurges.inc({ edge });
}

export type LiveStreamRefusal = "address" | "process" | "unknown" | "unavailable";

export function countLiveStreamRefusal(reason: LiveStreamRefusal): void {
  metrics().liveStreamRefusals.inc({ reason });
}

/** Spec section 8: a read-duration failure raises an alert (ReadEventsUndelivered in deploy/prometheus/alerts.yml). */
export function countUndeliveredTrackingEvents(behaviors: readonly string[]): void {
  for (const behavior of behaviors) metrics().undeliveredTrackingEvents.inc({ behavior });
}

export function observeWebVital(vital: VitalName, labels: { page_type: string; device_class: string }, value: number): void {
  metrics().webVitals[vital].observe(labels, value / WEB_VITALS[vital].scale);
}

export function countClientError(labels: { page_type: string; kind: ClientErrorKind }): void {
  metrics().clientErrors.inc(labels);
}

/** Node answers 0, or the largest 64-bit number, for a process that no cgroup bounds. */
const memoryLimitBytes = () => Math.min(process.constrainedMemory() || Infinity, totalmem());

const secondsSince = (startedAt: bigint) => Number(process.hrtime.bigint() - startedAt) / 1e9;
