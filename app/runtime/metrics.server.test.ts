import { readFileSync } from "node:fs";
import { totalmem } from "node:os";
import { describe, expect, it } from "vitest";
import {
  countLiveStreamRefusal,
  countingRefusals,
  metricsRegistry,
  observeRequest,
  timedSanitizing,
  timedUpstream,
  watchSources,
} from "~/runtime/metrics.server";
import { readRuleGroups } from "../../deploy/prometheus/alert-rules.test-support";

/** One sample: its labels, its value and, for a histogram, which of its series it is (…_count, …_sum). */
type Sample = { [label: string]: string | number | undefined; value: number; metricName?: string };

/** A metric's samples (its collect run first, as at a scrape). */
async function samples(name: string): Promise<Sample[]> {
  const metric = metricsRegistry().getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  return (await metric.get()).values.map((sample) => ({
    ...sample.labels,
    value: sample.value,
    metricName: (sample as { metricName?: string }).metricName,
  }));
}

const countOf = async (name: string, labels: Record<string, string>) =>
  (await samples(name)).find(
    (sample) => sample.metricName === `${name}_count` && Object.entries(labels).every(([label, value]) => sample[label] === value),
  )?.value ?? 0;

describe("the metrics registry", () => {
  it("is one per process, whichever copy of the module asks", () => {
    expect(metricsRegistry()).toBe(metricsRegistry());
  });

  it("carries the process defaults: event-loop lag, heap, RSS, GC", async () => {
    const text = await metricsRegistry().metrics();
    for (const name of [
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
      "nodejs_gc_duration_seconds",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it("exports the memory the process may use, at most the machine's", async () => {
    const [limit] = await samples("davmu_share_memory_limit_bytes");
    expect(limit?.value).toBeGreaterThan(0);
    expect(limit?.value).toBeLessThanOrEqual(totalmem());
  });

  it("records a request's duration under its family, method and status class", async () => {
    const startedAt = process.hrtime.bigint() - 2_000_000n;
    observeRequest({ family: "detail", method: "GET", status_class: "2xx" }, startedAt);
    const sum = (await samples("http_request_duration_seconds")).find(
      (sample) => sample.metricName === "http_request_duration_seconds_sum" && sample.family === "detail",
    );
    expect(sum?.value).toBeGreaterThanOrEqual(0.002);
    expect(await countOf("http_request_duration_seconds", { family: "detail", method: "GET", status_class: "2xx" })).toBe(1);
  });

  it("reads the page cache's counts, its bytes and the breakers when scraped", async () => {
    let hits = 3;
    let states: Record<string, string> = { peony: "closed", law: "open" };
    watchSources({
      pageCache: () => ({ entries: 2, bytes: 4096, hits, stale: 1, joined: 0, misses: 5, uncached: 0, personal: 7 }),
      breakers: () => states,
      liveStreams: () => 4,
      liveHub: () => [
        { subscribers: 3, upstreamOpen: true },
        { subscribers: 1, upstreamOpen: false },
      ],
    });
    expect(await samples("davmu_share_page_cache_requests_total")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ result: "hit", value: 3 }),
        expect.objectContaining({ result: "miss", value: 5 }),
        expect.objectContaining({ result: "personal", value: 7 }),
      ]),
    );
    hits = 10;
    expect((await samples("davmu_share_page_cache_requests_total")).find((sample) => sample.result === "hit")?.value).toBe(10);
    expect((await samples("davmu_share_page_cache_stored_bytes"))[0]?.value).toBe(4096);
    expect((await samples("davmu_share_page_cache_entries"))[0]?.value).toBe(2);
    expect((await samples("davmu_share_live_streams"))[0]?.value).toBe(4);
    expect((await samples("davmu_share_live_upstream_connections"))[0]?.value).toBe(1);
    expect((await samples("davmu_share_live_broadcasts"))[0]?.value).toBe(2);

    const open = async () =>
      (await samples("davmu_share_upstream_breaker_state")).filter((sample) => sample.value === 1).map(({ service, state }) => `${service} ${state}`);
    expect(await open()).toEqual(["peony closed", "law open"]);
    // One state at a time per service: a breaker that closes again leaves no series saying it is open.
    states = { peony: "half-open", law: "closed" };
    expect(await open()).toEqual(["peony half-open", "law closed"]);
    expect((await samples("davmu_share_upstream_breaker_state")).filter((sample) => sample.state === "open").map((sample) => sample.value)).toEqual([
      0, 0,
    ]);
  });

  it("times upstream calls by service and outcome, passing their answer or error through", async () => {
    const ok = timedUpstream(
      "guzzle",
      async () => "answer",
      () => "never",
    );
    await expect(ok()).resolves.toBe("answer");
    const failing = timedUpstream(
      "guzzle",
      () => Promise.reject(new Error("refused")),
      (error) => ((error as Error).message === "refused" ? "unavailable" : "other"),
    );
    await expect(failing()).rejects.toThrow("refused");
    expect(await countOf("davmu_share_upstream_request_duration_seconds", { service: "guzzle", outcome: "ok" })).toBe(1);
    expect(await countOf("davmu_share_upstream_request_duration_seconds", { service: "guzzle", outcome: "unavailable" })).toBe(1);
  });

  it("times sanitizings and reads the pool's queue", async () => {
    const pool = { queueSize: 6 };
    await expect(timedSanitizing(pool, Promise.resolve("<p>clean</p>"))).resolves.toBe("<p>clean</p>");
    await expect(timedSanitizing(pool, Promise.reject(new Error("worker died")))).rejects.toThrow("worker died");
    expect(await countOf("davmu_share_sanitizer_duration_seconds", { outcome: "ok" })).toBe(1);
    expect(await countOf("davmu_share_sanitizer_duration_seconds", { outcome: "failed" })).toBe(1);
    expect((await samples("davmu_share_sanitizer_queue"))[0]?.value).toBe(6);
    pool.queueSize = 0;
    expect((await samples("davmu_share_sanitizer_queue"))[0]?.value).toBe(0);
  });

  it("counts a limiter's refusals, not the attempts it lets through", async () => {
    const waits = [0, 0, 30, 12];
    const limiter = countingRefusals("auth", { hit: async (_key: string) => waits.shift() ?? 0 });
    expect([await limiter.hit("ip"), await limiter.hit("ip"), await limiter.hit("ip"), await limiter.hit("ip")]).toEqual([0, 0, 30, 12]);
    expect(await samples("davmu_share_rate_limit_refusals_total")).toEqual([expect.objectContaining({ limit: "auth", value: 2 })]);
  });

  it("counts live stream refusals by reason", async () => {
    countLiveStreamRefusal("address");
    countLiveStreamRefusal("address");
    countLiveStreamRefusal("unknown");
    expect(await samples("davmu_share_live_stream_refusals_total")).toEqual([
      expect.objectContaining({ reason: "address", value: 2 }),
      expect.objectContaining({ reason: "unknown", value: 1 }),
    ]);
  });

  it("is what the dashboard in docs/ and the alert rules read: every metric of the site's they query is exported", async () => {
    const dashboard = JSON.parse(readFileSync(new URL("../../docs/grafana-dashboard.json", import.meta.url), "utf8")) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const expressions = [
      ...dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr),
      ...readRuleGroups().flatMap((group) => group.rules.map((rule) => rule.expr)),
    ];
    const queried = new Set(expressions.flatMap((expr) => expr.match(/\b(?:http|davmu_share|nodejs|process)_\w+/g) ?? []));
    const types = new Map([...(await metricsRegistry().metrics()).matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name, type]));
    const exported = (name: string) => types.has(name) || types.get(name.replace(/_(bucket|count|sum)$/, "")) === "histogram";
    expect(queried.size).toBeGreaterThan(10);
    expect([...queried].filter((name) => !exported(name))).toEqual([]);
  });
});
