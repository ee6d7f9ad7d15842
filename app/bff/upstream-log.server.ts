import { countCall, logger } from "~/runtime/logger.server";

/** So a line names the endpoint, never a visitor's or an article's id. */
export function pathPattern(path: string): string {
  const [pathname] = path.split("?", 1);
  return pathname
    .split("/")
    .map((segment) => (segment === "" || /^(?:[a-z]+(?:[_-][a-z]+)*|v\d+)$/.test(segment) ? segment : ":id"))
    .join("/");
}

/** A completed call is logged at debug, a failure at warn. */
export function upstreamCall(service: string, method: string, path: string) {
  const started = performance.now();
  const attempt = countCall(`${method} ${path}`);
  return {
    status: null as number | null,
    /** A call the visitor's leaving stopped is no failure. */
    done(breaker: string | undefined, failure?: { kind: string; message: string }) {
      if (!logger.isLevelEnabled(failure ? "warn" : "debug")) return;
      const pattern = pathPattern(path);
      const line = { service, method, path: pattern, status: this.status, ms: Math.round((performance.now() - started) * 10) / 10, attempt, breaker };
      if (failure) logger.warn({ ...line, failure: failure.kind, reason: failure.message.replaceAll(path, pattern) }, "upstream call failed");
      else logger.debug(line, "upstream call");
    },
  };
}
