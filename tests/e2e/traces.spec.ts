import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import type { ReceivedTraceContext } from "../../platform/trace-contexts";
import { startPlatform, stopProcess, untilPlatformAnswers, type Running } from "../../scripts/bench/processes";
import { E2E_DEV_KEY, E2E_PORT } from "./support/e2e-server";
import { startOtlpReceiver } from "./support/otlp-receiver";
import { freePort, startSite } from "./support/platform-outage";
import { articleUrl } from "./support/urls";

/**
 * Traces (docs/operations.md, "Traces"): the built site with OTEL_EXPORTER_OTLP_ENDPOINT set exports its spans to an
 * OTLP receiver of the test's; its platform is its own process (`npm run platform`), which lists the traceparent
 * headers it received. Process-level: it runs once (playwright.config.ts).
 */
const DATA_DIR = path.resolve(`.tmp/e2e-traces-${E2E_PORT}`);
const SERVER = 2;
const CLIENT = 3;

let platform: Running | undefined;
let site: Awaited<ReturnType<typeof startSite>> | undefined;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;

test.afterAll(async () => {
  site?.stop();
  if (platform) await stopProcess(platform);
  await receiver?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test("a request's trace continues the caller's, through the site's platform calls to the platform", async () => {
  test.setTimeout(90_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  platform = startPlatform(DATA_DIR, await freePort());
  await untilPlatformAnswers(platform, 30_000);
  receiver = await startOtlpReceiver();
  site = await startSite({
    PLATFORM_API_URL: platform.origin,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_BSP_SCHEDULE_DELAY: "100",
    LOG_LEVEL: "info",
  });

  const traceId = randomBytes(16).toString("hex");
  const callerSpanId = randomBytes(8).toString("hex");
  const answer = await fetch(site.origin + articleUrl(SEED_FIXTURES.article), { headers: { traceparent: `00-${traceId}-${callerSpanId}-01` } });
  expect(answer.status).toBe(200);
  const requestId = answer.headers.get("x-request-id");

  // The request's span: named by its route family, a child of the caller's span, with the page cache's decision.
  await expect.poll(() => receiver!.spans().filter((span) => span.traceId === traceId && span.kind === SERVER)).toHaveLength(1);
  const server = receiver.spans().find((span) => span.traceId === traceId && span.kind === SERVER)!;
  expect(server).toMatchObject({
    name: "GET detail",
    parentSpanId: callerSpanId,
    resource: expect.objectContaining({ "service.name": "davmu-share" }),
    attributes: expect.objectContaining({
      "http.request.method": "GET",
      "http.response.status_code": 200,
      "davmu.page_cache": "MISS",
      "davmu.request_id": requestId,
    }),
  });

  // Its platform calls: children of it, named by endpoint, with their upstream's breaker.
  const calls = receiver.spans().filter((span) => span.traceId === traceId && span.kind === CLIENT);
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.parentSpanId).toBe(server.spanId);
    expect(call.name).toMatch(/^(GET|POST) \/[a-z]+\//);
    expect(call.attributes).toMatchObject({
      "davmu.upstream": expect.any(String),
      "davmu.breaker.before": "closed",
      "davmu.breaker.after": "closed",
    });
  }
  expect(calls.map((call) => call.attributes["http.response.status_code"])).toContain(200);

  // The platform received each call's traceparent: the same trace, the call's span its parent.
  const seen = await fetch(`${platform.origin}/dev/trace-contexts?key=${E2E_DEV_KEY}`, { headers: { accept: "application/json" } });
  const { data } = (await seen.json()) as { data: { list: ReceivedTraceContext[] } };
  const ofTrace = data.list.filter((received) => received.traceparent.split("-")[1] === traceId);
  expect(ofTrace.map((received) => received.traceparent.split("-")[2]).sort()).toEqual(calls.map((call) => call.spanId).sort());

  // The request's log line names its trace and span.
  await expect
    .poll(() => site!.logLines().find((line) => line.msg === "request completed" && line.requestId === requestId))
    .toMatchObject({ trace_id: traceId, span_id: server.spanId });
});
