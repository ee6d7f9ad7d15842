import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as the site exported it over OTLP/HTTP in JSON (ids in hex), with its resource's attributes. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  status?: { code?: number };
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
type ExportRequest = {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, "attributes" | "resource"> & { attributes?: KeyValue[] }> }>;
  }>;
};

const valueOf = (value: AnyValue) =>
  value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)) ?? value.boolValue ?? value.doubleValue;
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/**
 * A collector's OTLP/HTTP receiver for traces, in JSON (the exporter's `http/json` protocol): it keeps every span it
 * is sent. `endpoint` is what OTEL_EXPORTER_OTLP_ENDPOINT takes (the exporter adds /v1/traces).
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !req.headers["content-type"]?.startsWith("application/json")) {
        return void res.writeHead(404).end();
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ExportRequest;
      for (const { resource, scopeSpans = [] } of body.resourceSpans ?? []) {
        for (const { spans: received = [] } of scopeSpans) {
          for (const span of received)
            spans.push({ ...span, attributes: attributesOf(span.attributes), resource: attributesOf(resource?.attributes) });
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => [...spans],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
