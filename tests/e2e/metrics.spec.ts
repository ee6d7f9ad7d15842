import { get } from "node:http";
import { expect, test } from "./support/test";
import { LIVE_FIXTURES } from "../../platform/seed-live";
import { SEED_FIXTURES } from "../../platform/seed";
import { scrape, startClusterSite } from "./support/metrics-scrape";
import { freePort, startControllablePlatform, startSite } from "./support/platform-outage";
import { articleUrl, urlId } from "./support/urls";

/**
 * The built site's metrics (docs/operations.md): Prometheus text on the internal listener (METRICS_PORT), nothing
 * under the public base path; and under build/cluster.js the primary's sum over its workers. The sites run in
 * front of a platform this spec controls, so an upstream failure is real. Process-level: it runs once.
 */
test.describe.configure({ mode: "serial" });

/** A GET on a connection of its own: build/cluster.js hands each new connection to the next worker. */
function onOwnConnection(url: string): Promise<{ status: number; worker: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, worker: String(response.headers["x-worker"] ?? "") }));
    }).on("error", reject);
  });
}

test.describe("one process (build/server.js)", () => {
  const TRACKER_LIMIT = 2;
  let platform: Awaited<ReturnType<typeof startControllablePlatform>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let metricsPort: number;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    platform = await startControllablePlatform();
    metricsPort = await freePort();
    site = await startSite({
      PLATFORM_API_URL: platform.url,
      METRICS_PORT: String(metricsPort),
      TRACKER_RATE_LIMIT_PER_MINUTE: String(TRACKER_LIMIT),
    });
  });

  test.afterAll(() => {
    site?.stop();
    platform?.close();
  });

  test("a page miss, a hit, an upstream failure, a refusal and a live stream each show in /metrics", async ({ request }) => {
    // The article's rich HTML goes through the sanitizer on its first render.
    const page = articleUrl(SEED_FIXTURES.article);
    const miss = await request.get(site.origin + page);
    expect(miss.status()).toBe(200);
    expect(miss.headers()["x-cache"]).toBe("MISS");
    const hit = await request.get(site.origin + page);
    expect(hit.headers()["x-cache"]).toBe("HIT");

    const events = JSON.stringify([{ behavior: "view", timestamp: Math.floor(Date.now() / 1000), tid: urlId(SEED_FIXTURES.article) }]);
    const readEvent = { behavior: "read", timestamp: Math.floor(Date.now() / 1000), tid: urlId(SEED_FIXTURES.article), duration: 12, percent: 40 };
    platform.set("down");
    expect((await request.get(site.origin + articleUrl(SEED_FIXTURES.olderThan72h))).status()).toBe(503);
    // A read event the stat base did not take: counted for the ReadEventsUndelivered alert (spec section 8).
    const undelivered = await request.post(`${site.origin}/davmu/share/api/tracker/log`, { form: { events: JSON.stringify([readEvent]) } });
    expect(undelivered.status()).toBe(503);
    platform.set("up");

    const beacons = [];
    for (let i = 1; i <= TRACKER_LIMIT; i++)
      beacons.push((await request.post(`${site.origin}/davmu/share/api/tracker/log`, { form: { events } })).status());
    expect(beacons).toEqual([...Array<number>(TRACKER_LIMIT - 1).fill(204), 429]);

    const watching = new AbortController();
    // Right after the outage the breaker may still refuse the hub's first call: the stream is refused (503) until then.
    const refusedBefore = (await scrape(metricsPort))("davmu_share_live_stream_refusals_total", { reason: "unavailable" }) ?? 0;
    let refused = 0;
    await expect
      .poll(async () => {
        const stream = await fetch(`${site.origin}/davmu/share/api/live/${LIVE_FIXTURES.landscapeLive}/events`, { signal: watching.signal });
        if (stream.status === 503) {
          refused += 1;
          await stream.body?.cancel();
        }
        return stream.headers.get("content-type");
      })
      .toContain("text/event-stream");
    expect((await scrape(metricsPort))("davmu_share_live_stream_refusals_total", { reason: "unavailable" }) ?? 0).toBe(refusedBefore + refused);
    try {
      await expect.poll(async () => (await scrape(metricsPort))("davmu_share_live_streams")).toBe(1);
      await expect.poll(async () => (await scrape(metricsPort))("davmu_share_live_upstream_connections")).toBe(1);
    } finally {
      watching.abort();
    }
    await expect.poll(async () => (await scrape(metricsPort))("davmu_share_live_streams")).toBe(0);

    const metric = await scrape(metricsPort);
    const requests = (labels: Record<string, string>) => metric("http_request_duration_seconds_count", labels);
    expect(requests({ family: "detail", method: "GET", status_class: "2xx" })).toBe(2);
    expect(requests({ family: "detail", method: "GET", status_class: "5xx" })).toBe(1);
    expect(requests({ family: "api", method: "POST", status_class: "2xx" })).toBe(TRACKER_LIMIT - 1);
    expect(requests({ family: "api", method: "POST", status_class: "5xx" })).toBe(1);
    expect(metric("davmu_share_tracking_events_undelivered_total", { behavior: "read" })).toBe(1);
    expect(requests({ family: "api", method: "POST", status_class: "4xx" })).toBe(1);
    expect(requests({ family: "live", method: "GET", status_class: "2xx" })).toBe(1);
    expect(metric("http_request_duration_seconds_sum", { family: "detail" })).toBeGreaterThan(0);

    expect(metric("davmu_share_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(metric("davmu_share_page_cache_requests_total", { result: "hit" })).toBe(1);
    expect(metric("davmu_share_page_cache_stored_bytes")).toBeGreaterThan(1000);
    expect(metric("davmu_share_page_cache_entries")).toBeGreaterThanOrEqual(1);

    const upstream = (outcome: string) => metric("davmu_share_upstream_request_duration_seconds_count", { service: "peony", outcome });
    expect(upstream("ok")).toBeGreaterThan(0);
    expect(upstream("unavailable")).toBeGreaterThanOrEqual(1);
    // One state per upstream service at a time.
    expect(metric("davmu_share_upstream_breaker_state", { service: "peony" })).toBe(1);

    expect(metric("davmu_share_sanitizer_duration_seconds_count", { outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(metric("davmu_share_sanitizer_queue")).toBe(0);
    expect(metric("davmu_share_rate_limit_refusals_total", { limit: "tracker" })).toBe(1);

    expect(metric("nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(metric("nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(metric("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(metric("nodejs_gc_duration_seconds_count")).toBeGreaterThan(0);
  });

  test("nothing of the metrics is under the public base path", async ({ request }) => {
    for (const path of ["/davmu/share/metrics", "/metrics"]) expect((await request.get(site.origin + path)).status(), path).toBe(404);
  });
});

test.describe("build/cluster.js with two workers", () => {
  const TOKEN = "e2e-metrics-token-not-for-production";
  let site: Awaited<ReturnType<typeof startSite>>;
  let metricsPort: number;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    ({ site, metricsPort } = await startClusterSite({ METRICS_TOKEN: TOKEN }));
  });

  test.afterAll(() => site?.stop());

  test("the primary's /metrics is the sum over both workers", async () => {
    const health = { family: "health", method: "GET", status_class: "2xx" };
    const before = (await scrape(metricsPort, TOKEN))("http_request_duration_seconds_count", health) ?? 0;
    const workers: string[] = [];
    while (new Set(workers).size < 2 || workers.length < 6) {
      const answer = await onOwnConnection(`${site.origin}/davmu/share/healthz`);
      expect(answer.status).toBe(200);
      workers.push(answer.worker);
      expect(workers.length, "both workers answer").toBeLessThan(40);
    }
    expect(new Set(workers)).toEqual(new Set(["1", "2"]));
    const after = (await scrape(metricsPort, TOKEN))("http_request_duration_seconds_count", health);
    expect(after! - before).toBe(workers.length);
  });

  test("the primary's /health/detail is its workers' together, behind the token, naming no address", async () => {
    const detail = (authorization?: string) =>
      fetch(`http://127.0.0.1:${metricsPort}/health/detail`, { headers: authorization ? { authorization } : {} });
    for (const refused of [undefined, "Bearer not-the-token-0123456789"]) {
      const answer = await detail(refused);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);

    const answer = await detail(`Bearer ${TOKEN}`);
    const text = await answer.text();
    expect(answer.status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({
      platform: { reachable: true },
      breakers: { peony: "closed" },
      pageCache: { entries: expect.any(Number), hits: expect.any(Number) },
      redis: "not configured",
      workers: { answered: 2, of: 2 },
    });
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|_platform|http/);
  });
});
