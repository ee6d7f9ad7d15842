import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { registerHooks } from "node:module";
import { Socket } from "node:net";
import { afterEach, expect, it, vi } from "vitest";

// Every OpenTelemetry module this process loads from now on, as Node resolves it.
const loaded: string[] = [];
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.includes("/node_modules/@opentelemetry/")) loaded.push(resolved.url);
    return resolved;
  },
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  loaded.length = 0;
});

/** A request and its response, as the site's listener gets them, with `headers`. */
function exchange(headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket());
  Object.assign(req, { method: "GET", url: "/davmu/share/news/doc/2026/11/abc/index.html?from=x", headers });
  return { req, res: new ServerResponse(req) };
}

const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
const traceparent = `00-${TRACE_ID}-b7ad6b7169203331-01`;

it("loads no OpenTelemetry module without an OTLP endpoint: a request is answered as it would be without traces", async () => {
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", undefined);
  vi.stubEnv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", undefined);
  const { startTracing, traceRequest, traceCall, activeTraceIds } = await import("~/runtime/tracing.server");
  await startTracing();
  const { req, res } = exchange({ traceparent });
  const headers: Record<string, string> = {};
  let answered = false;
  traceRequest(
    req,
    res,
    () => "GET detail",
    () => (answered = true),
  );
  await traceCall(
    () => ({ name: "GET /peony/v1/content/detail", attributes: {} }),
    headers,
    async (note) => expect(note).toBeNull(),
  );
  expect(answered).toBe(true);
  expect(headers).toEqual({});
  expect(activeTraceIds()).toBeUndefined();
  expect(loaded).toEqual([]);
});

it("with an endpoint, loads the SDK: a request continues its caller's trace, its log lines carry it, its spans go out", async () => {
  const posts: string[] = [];
  const collector = createServer((req, res) => {
    posts.push(`${req.method} ${req.url}`);
    req.resume().on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", `http://127.0.0.1:${(collector.address() as AddressInfo).port}`);
  vi.stubEnv("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json");
  const { startTracing, stopTracing, traceRequest, traceCall } = await import("~/runtime/tracing.server");
  const { captureLog } = await import("~/runtime/logger.test-support");
  const { logger } = await import("~/runtime/logger.server");
  try {
    await startTracing();
    expect(loaded.some((url) => url.includes("/@opentelemetry/sdk-node/"))).toBe(true);
    const { lines } = captureLog();
    const { req, res } = exchange({ traceparent });
    const headers: Record<string, string> = {};
    const called = new Promise<void>((resolve) =>
      traceRequest(
        req,
        res,
        () => "GET detail",
        () => {
          logger.info("inside the request");
          void traceCall(
            () => ({ name: "GET /peony/v1/content/detail", attributes: { "davmu.upstream": "peony" } }),
            headers,
            async () => resolve(),
          );
        },
      ),
    );
    await called;
    res.emit("close");
    expect(lines).toEqual([
      expect.objectContaining({ msg: "inside the request", trace_id: TRACE_ID, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) }),
    ]);
    // The platform call's own span, in the same trace.
    expect(headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(headers.traceparent).not.toContain(lines[0]!.span_id as string);
  } finally {
    await stopTracing();
    collector.close();
  }
  expect(posts).toContain("POST /v1/traces");
  // Loading the SDK takes seconds on a busy machine.
}, 30_000);
