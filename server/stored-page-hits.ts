import type { IncomingMessage, ServerResponse } from "node:http";
import { cookieRedirect } from "../app/lib/languages";
import { goesToPc } from "./desktop-redirect";
import { shapeProblem } from "./malformed-requests";
import type { PageCache } from "./page-cache";
import type { TrustProxy } from "./public-origin";
import { logWhenFinished, requestIdOf, type RequestLogOptions } from "./request-log";
import { logger } from "../app/runtime/logger.server";

/**
 * A fresh stored page for an anonymous visitor, answered before Express and its middleware: the shortest path for
 * what most requests are when a link goes round (docs/page-cache.md). It keeps what the pipeline guarantees: the
 * request's shape checked as `refuseMalformedRequests` checks it (target, method, host, protocol), a desktop browser
 * left to the /pc redirect, a visitor whose locale cookie sends them to another address left to that redirect, a request id and the access log line, and the headers the pipeline sent with the page
 * (security headers, the CSP with its hashes, Vary, ETag and 304, Age: `answerHit` in server/page-cache.ts). Anything
 * else, and any doubt, goes to the pipeline: the listener answers false without having sent anything.
 */
export function storedPageHits(options: {
  pageCache: PageCache;
  knownHosts: Set<string>;
  /** Express's compiled `trust proxy` setting (`app.get("trust proxy fn")`), read the way Express reads it. */
  trustProxy: TrustProxy;
  log: RequestLogOptions;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const target = req.url ?? "";
    if (req.method !== "GET" || shapeProblem(req, target, options.knownHosts, options.trustProxy)) return false;
    const query = target.indexOf("?");
    const path = query < 0 ? target : target.slice(0, query);
    // A desktop browser goes to /pc, a zh-Hant visitor at an unprefixed address to the zh-Hant page: the pipeline's redirects.
    if (goesToPc(req, path) || cookieRedirect(path, query < 0 ? "" : target.slice(query), req.headers.cookie)) return false;
    const id = requestIdOf(req.headers["x-request-id"] as string | undefined);
    try {
      if (!options.pageCache.answerHit(req, res, target, id)) return false;
    } catch (error) {
      // Outside Express nothing would catch it: before anything is sent the pipeline answers (and logs) the request.
      if (!res.headersSent) return false;
      logger.error({ err: error, requestId: id, path }, "stored page answer failed");
      res.destroy();
      return true;
    }
    logWhenFinished(options.log, res, { id, method: "GET", path }, started);
    return true;
  };
}
