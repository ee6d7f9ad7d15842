import { sendBeacon } from "~/client/beacon";
import { isChunkLoadError } from "~/client/chunk-reload";
import {
  CLIENT_ERRORS_URL,
  MAX_MESSAGE_CHARS,
  MAX_PATH_CHARS,
  MAX_STACK_CHARS,
  REPORT_FIELD,
  type ClientErrorKind,
  type ClientErrorReport,
} from "~/lib/field-reports";

/** A page reports at most this many errors, each once: a script throwing in a loop sends a few beacons, not thousands. */
const MAX_REPORTS_PER_PAGE = 10;
const reported = new Set<string>();

type EventLocation = Pick<ClientErrorReport, "source" | "line" | "column">;

export function reportClientError(kind: ClientErrorKind, error: unknown, at: EventLocation = {}): void {
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_MESSAGE_CHARS);
  const key = `${kind} ${message}`;
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_PAGE) return;
  reported.add(key);
  const stack = error instanceof Error && typeof error.stack === "string" ? error.stack.slice(0, MAX_STACK_CHARS) : undefined;
  const report: ClientErrorReport = { kind, path: location.pathname.slice(0, MAX_PATH_CHARS), message, stack, ...at };
  sendBeacon(CLIENT_ERRORS_URL, { [REPORT_FIELD]: JSON.stringify(report) });
}

/** Lost chunks included: chunk-reload.ts answers them with a reload, the beacon going first. */
export function installErrorReports(): () => void {
  const onError = (event: ErrorEvent) => {
    // Another origin's script gives only "Script error." with no location: nothing to learn from it.
    if (!event.filename && !event.error) return;
    reportClientError("error", event.error ?? event.message, { source: event.filename, line: event.lineno, column: event.colno });
  };
  const onRejection = (event: PromiseRejectionEvent) => reportClientError(isChunkLoadError(event.reason) ? "chunk" : "rejection", event.reason);
  const onPreloadError = (event: Event) => reportClientError("chunk", (event as Event & { payload?: unknown }).payload);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("vite:preloadError", onPreloadError);
  };
}
