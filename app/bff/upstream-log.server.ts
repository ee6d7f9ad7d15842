import { countCall, logger } from "~/runtime/logger.server";

/**
 * A platform path as logged: without its query, and every segment that is not an API word (`content`, `jssdk_config`,
 * `v1`) as `:id`, so a line names the endpoint, never a visitor's or an article's id, and lines group by endpoint.
 */
export function pathPattern(path: string): string {
  const [pathname] = path.split("?", 1);
  return pathname
    .split("/")
    .map((segment) => (segment === "" || /^(?:[a-z]+(?:[_-][a-z]+)*|v\d+)$/.test(segment) ? segment : ":id"))
    .join("/");
}

/**
 * One platform call's line, written when it is over: the service, the path's pattern, the HTTP status (null when none
 * came), the time it took, the attempt (how many times the request being served has made this very call, as when
 * an account is asked for again while the platform answers it is not ready) and the service's breaker state after
 * the call. A call that completed (or that the visitor's leaving stopped) is logged at debug; a failure (a timeout, an outage, an open breaker) at warn.
 */
export function upstreamCall(service: string, method: string, path: string) {
  const started = performance.now();
  const attempt = countCall(`${method} ${path}`);
  return {
    status: null as number | null,
    /** `failure`: the PlatformError the call failed with; a call the visitor's leaving stopped is no failure. */
    done(breaker: string | undefined, failure?: { kind: string; message: string }) {
      if (!logger.isLevelEnabled(failure ? "warn" : "debug")) return;
      const pattern = pathPattern(path);
      const line = { service, method, path: pattern, status: this.status, ms: Math.round((performance.now() - started) * 10) / 10, attempt, breaker };
      if (failure) logger.warn({ ...line, failure: failure.kind, reason: failure.message.replaceAll(path, pattern) }, "upstream call failed");
      else logger.debug(line, "upstream call");
    },
  };
}
