import type { RequestHandler } from "express";

/** How many of the last requests' trace contexts the platform keeps. */
const KEPT = 100;

/** The W3C trace context one request carried (its `traceparent`), with the call it came with. */
export type ReceivedTraceContext = { traceparent: string; method: string; path: string };

/**
 * The trace contexts of the last requests that carried one, as a real platform's tracing would continue them: the
 * development route /dev/trace-contexts lists them, so a test can check that the site's calls carry its traces.
 */
export function traceContextLog() {
  const received: ReceivedTraceContext[] = [];
  const record: RequestHandler = (req, _res, next) => {
    const traceparent = req.headers.traceparent;
    if (typeof traceparent === "string") {
      received.push({ traceparent, method: req.method, path: req.path });
      if (received.length > KEPT) received.shift();
    }
    next();
  };
  return { record, recent: (): ReceivedTraceContext[] => [...received] };
}

export type TraceContextLog = ReturnType<typeof traceContextLog>;
