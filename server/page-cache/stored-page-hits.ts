import type { IncomingMessage, ServerResponse } from "node:http";
import { cookieRedirect } from "../../app/lib/languages";
import { logger, withRequestId } from "../../app/runtime/logger.server";
import { answerHit, answerPersonal, type MakePersonal } from "./page-answers";
import type { PageStore } from "./page-store";
import { isPersonalPageRequest, pathOf } from "./request-rules";
import { goesToPc, logWhenFinished, requestIdOf, shapeProblem, type RequestLogOptions, type TrustProxy } from "../middleware";

/**
 * A stored page answered before Express and its middleware: the shortest path for what most requests are when a link
 * goes round (docs/page-cache.md). An anonymous visitor gets the stored bytes, a logged-in one the stored page with
 * their own parts put in. It keeps what the pipeline guarantees: the request's shape checked as
 * `refuseMalformedRequests` checks it (target, method, host, protocol), a desktop browser left to the /pc redirect, a
 * visitor whose locale cookie sends them to another address left to that redirect, a request id and the access log
 * line, and the headers the pipeline sent with the page (security headers, the CSP with its hashes, Vary, ETag and
 * 304, Age, or no-store for a personal page: server/page-cache/page-answers.ts). Anything else, and any doubt, goes to
 * the pipeline: the listener answers false, or a promise of false when a personal page cannot be made after all,
 * without having sent anything, and the host hands the request on.
 */
export function storedPageHits(options: {
  pageStore: PageStore;
  knownHosts: Set<string>;
  /** Express's compiled `trust proxy` setting (`app.get("trust proxy fn")`), read the way Express reads it. */
  trustProxy: TrustProxy;
  log: RequestLogOptions;
  /** How the visitor of a request with a session gets their page made (server/remix/remix-handler.ts, `personalMaker`). */
  personal: (req: IncomingMessage, res: ServerResponse, requestId: string) => MakePersonal;
}): (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean> {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const target = req.url ?? "";
    if (req.method !== "GET" || shapeProblem(req, target, options.knownHosts, options.trustProxy)) return false;
    const path = pathOf(target);
    const query = target.slice(path.length);
    // A desktop browser goes to /pc, a zh-Hant visitor at an unprefixed address to the zh-Hant page: the pipeline's redirects.
    if (goesToPc(req, path) || cookieRedirect(path, query, req.headers.cookie)) return false;
    const id = requestIdOf(req, options.trustProxy);
    if (isPersonalPageRequest(req, target)) {
      // The visitor's load context is built only once the stored page is known to serve them.
      const makePersonal: MakePersonal = (personalization, stored) => options.personal(req, res, id)(personalization, stored);
      const made = withRequestId(id, () => answerPersonal(options.pageStore, req, target, id, makePersonal));
      if (!made) return false;
      return made
        .catch((error: unknown) => {
          logger.error({ err: error, requestId: id, path }, "personal page answer failed");
          return false as const;
        })
        .then((answer) => {
          // A visitor who has gone meanwhile gets nothing more.
          if (!answer) return res.destroyed;
          logWhenFinished(options.log, res, { id, method: "GET", path }, started);
          res.writeHead(answer.status, answer.head).end(answer.body);
          return true;
        })
        .catch((error: unknown) => {
          // Outside Express nothing else would catch it, and an unhandled rejection ends the process.
          logger.error({ err: error, requestId: id, path }, "personal page answer failed");
          res.destroy();
          return true;
        });
    }
    try {
      if (!answerHit(options.pageStore, req, res, target, id)) return false;
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
