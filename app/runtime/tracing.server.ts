import type { IncomingMessage, ServerResponse } from "node:http";
import type * as OtelApi from "@opentelemetry/api";
import type { NodeSDK } from "@opentelemetry/sdk-node";
import type * as Semconv from "@opentelemetry/semantic-conventions";
import { env } from "~/runtime/env.server";

/** Off, no OpenTelemetry module is loaded at all (docs/decisions/0014-traces-by-hand.md). */
type Tracing = {
  api: typeof OtelApi;
  semconv: typeof Semconv;
  tracer: OtelApi.Tracer;
  sdk: NodeSDK;
};

let tracing: Tracing | null = null;

const DEFAULT_SERVICE_NAME = "davmu-share";

/** Before the site is created, so every request is traced. */
export async function startTracing(): Promise<void> {
  if (!env.tracing || tracing) return;
  const [api, { NodeSDK }, { resourceFromAttributes }, semconv] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/semantic-conventions"),
  ]);
  const resource = resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME });
  // Traces only: the metrics are Prometheus's (the internal listener) and the logs go to standard output.
  const sdk = new NodeSDK({ resource, instrumentations: [], metricReaders: [], logRecordProcessors: [] });
  sdk.start();
  tracing = { api, semconv, tracer: api.trace.getTracer(DEFAULT_SERVICE_NAME), sdk };
}

export async function stopTracing(): Promise<void> {
  const stopping = tracing;
  tracing = null;
  await stopping?.sdk.shutdown();
}

type Attributes = Record<string, string | number | boolean | undefined>;

const getter: OtelApi.TextMapGetter<IncomingMessage["headers"]> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

/** Named by a route family, never the URL. */
export function traceRequest(
  req: IncomingMessage,
  res: ServerResponse,
  nameOf: (req: IncomingMessage) => string,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  if (!tracing) return answer(req, res);
  const { api, semconv, tracer } = tracing;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers, getter);
  const target = req.url ?? "";
  const query = target.indexOf("?");
  const span = tracer.startSpan(
    nameOf(req),
    {
      kind: api.SpanKind.SERVER,
      attributes: { [semconv.ATTR_HTTP_REQUEST_METHOD]: req.method ?? "", [semconv.ATTR_URL_PATH]: query < 0 ? target : target.slice(0, query) },
    },
    parent,
  );
  res.once("close", () => {
    const requestId = res.getHeader("x-request-id");
    if (typeof requestId === "string") span.setAttribute("davmu.request_id", requestId);
    if (res.headersSent) span.setAttribute(semconv.ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
    // A 5xx, or a connection that ended before any answer: the server's failure or the visitor's leaving.
    if (!res.headersSent || res.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
  api.context.with(api.trace.setSpan(parent, span), answer, undefined, req, res);
}

export type SpanNote = ((attributes: Attributes) => void) | null;

/** While traces are off nothing of the span is computed. */
export function traceCall<T>(
  describe: () => { name: string; attributes: Attributes },
  headers: Record<string, string>,
  call: (note: SpanNote) => Promise<T>,
): Promise<T> {
  if (!tracing) return call(null);
  const { api, tracer } = tracing;
  const { name, attributes } = describe();
  const span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes: defined(attributes) });
  const context = api.trace.setSpan(api.context.active(), span);
  api.propagation.inject(context, headers);
  return api.context
    .with(context, () => call((more) => span.setAttributes(defined(more))))
    .then(
      (value) => (span.end(), value),
      (error: unknown) => {
        // No message: a platform error's names the call's path, ids and query included; `call` notes the error's type.
        span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
        throw error;
      },
    );
}

export function noteOnSpan(key: string, value: string): void {
  tracing?.api.trace.getActiveSpan()?.setAttribute(key, value);
}

export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = tracing?.api.trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

function defined(attributes: Attributes): OtelApi.Attributes {
  const kept: OtelApi.Attributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) kept[key] = value;
  return kept;
}
