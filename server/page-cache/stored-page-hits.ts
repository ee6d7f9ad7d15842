import type { IncomingMessage, ServerResponse } from "node:http";
import { cookieRedirect } from "../../app/lib/languages";
import { logger, withRequestId } from "../../app/runtime/logger.server";
import { answerHit, answerPersonal, type MakePersonal } from "./page-answers";
import type { PageStore } from "./page-store";
import { isPersonalPageRequest, pathOf } from "./request-rules";
import { goesToPc, logWhenFinished, requestIdOf, shapeProblem, type RequestLogOptions, type TrustProxy } from "../middleware";

// The shortest path for most requests when a link goes round (docs/page-cache.md); any doubt answers false, nothing sent.
export function storedPageHits(options: {
  pageStore: PageStore;
  knownHosts: Set<string>;
  trustProxy: TrustProxy;
  log: RequestLogOptions;
  personal: (req: IncomingMessage, res: ServerResponse, requestId: string) => MakePersonal;
}): (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean> {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const target = req.url ?? "";
    if (req.method !== "GET" || shapeProblem(req, target, options.knownHosts, options.trustProxy)) return false;
    const path = pathOf(target);
    const query = target.slice(path.length);
    // The pipeline's redirects: a desktop browser to /pc, a zh-Hant visitor at an unprefixed address to the zh-Hant page.
    if (goesToPc(req, path) || cookieRedirect(path, query, req.headers.cookie)) return false;
    const id = requestIdOf(req, options.trustProxy);
    if (isPersonalPageRequest(req, target)) {
      // The visitor's load context is built only once the stored page is known to serve them.
      const makePersonal: MakePersonal = (personalization, storedGzip) => options.personal(req, res, id)(personalization, storedGzip);
      const made = withRequestId(id, () => answerPersonal(options.pageStore, req, target, id, makePersonal));
      if (!made) return false;
      return made
        .catch((error: unknown) => {
          logger.error({ err: error, requestId: id, path }, "personal page answer failed");
          return false as const;
        })
        .then((answer) => {
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
      // Before anything is sent the pipeline answers (and logs) the request.
      if (!res.headersSent) return false;
      logger.error({ err: error, requestId: id, path }, "stored page answer failed");
      res.destroy();
      return true;
    }
    logWhenFinished(options.log, res, { id, method: "GET", path }, started);
    return true;
  };
}
