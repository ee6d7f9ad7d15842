import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { IncomingMessage, ServerResponse } from "node:http";
import pLimit from "p-limit";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { newRenderRecord, renderContext } from "../../app/render/page-facts.server";
import { makePersonalPage } from "../../app/render/personal.server";
import {
  isPersonalPageRequest,
  isSharedPageRequest,
  sendCompressedOnce,
  servePersonal,
  serveShared,
  type MakePersonal,
  type PageRender,
  type PageStore,
} from "../page-cache";
import type { LoadContext } from "../../app/runtime/load-context";
import { sharedPageVisitor, type VisitorHandle } from "../../app/visitor/visitor-handle.server";
import { languageOfPath } from "../../app/lib/languages";
import { traditionalBuild } from "./traditional-build";
import { traditionalAnswer } from "../../app/runtime/traditional-chinese.server";
import type { OriginOf } from "../middleware";

/**
 * Hands a request to Remix. Unlike @remix-run/express's adapter, the request's URL is built from the
 * public origin (never from raw Host / X-Forwarded-* headers, which can make it unparseable), and a POST's
 * form is the one `formBodies` has already read, handed to the action by the visitor handle, not a body to parse
 * again. A response built from stale upstream answers says so in a Warning header. An anonymous visitor's GET goes
 * through the page cache, when there is one; the visitor's session cookie is committed here, after their answer.
 *
 * At most `renderConcurrency` renders run at once; the others wait their turn before anything of theirs is built.
 * Started all at once, the renders of 50 visitors interleave on the one thread and each lives as long as the slowest
 * of them: everything they allocate outlives two young-generation collections and goes to the old generation. In
 * turns, a render is done in milliseconds and its garbage dies young.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  originOf: OriginOf;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RequestContext;
  pageStore?: PageStore;
  renderConcurrency: number;
}): RequestHandler {
  // Each language has its build: zh-Hant's answers the prefixed addresses, in Traditional Chinese (docs/languages.md).
  const handlers = {
    "zh-Hans": createRequestHandler(options.build, options.mode),
    "zh-Hant": createRequestHandler(traditionalBuild(options.build), options.mode),
  };
  const inTurn = pLimit(options.renderConcurrency);
  // Each render has its own record, which its loaders' upstream calls fill (app/render/page-facts.server.ts).
  const render = (request: () => Request, context: RequestContext, page = newRenderRecord()) =>
    inTurn(async () => {
      const remixRequest = request();
      const handleRequest = handlers[languageOfPath(new URL(remixRequest.url).pathname)];
      const response = await handleRequest(remixRequest, renderContext(context, page));
      return { response, stale: page.staleKeys.size > 0, page };
    });
  return async (req, res, next) => {
    // Once per request: its upstream deadline counts from its arrival, whichever render runs and when.
    const context = options.getLoadContext(req, res);
    // Rendered for everyone of the key: the canonical URL, no nonce, nobody's session, not stopped when this visitor leaves.
    const shared: PageRender = (url, signal, record) => {
      const visitor = sharedPageVisitor({ deadline: context.deadline, clientIp: context.clientIp, signal });
      return render(
        () => remixRequest(req, options.originOf(req) + url, signal, { shared: true }),
        { ...context, cspNonce: "", shared: true, visitor },
        record,
      );
    };
    const own = async () => {
      const made = render(() => remixRequest(req, options.originOf(req) + req.originalUrl, context.visitor.signal, {}), context);
      const [{ response, stale }, setCookie] = await committed(context.visitor, made);
      if (setCookie) res.append("Set-Cookie", setCookie);
      await send(res, response, stale);
    };
    try {
      if (options.pageStore && isSharedPageRequest(req, req.originalUrl)) {
        await serveShared(options.pageStore, req, res, shared, send);
      } else if (options.pageStore && isPersonalPageRequest(req, req.originalUrl)) {
        const makePersonal = personalMaker(context, req.originalUrl);
        await servePersonal(options.pageStore, req, res, shared, makePersonal, own);
      } else {
        await own();
      }
    } catch (error) {
      next(error);
    }
  };
}

/** What the host hands a request's loaders and actions: the load context, less the record each render gets. */
export type RequestContext = LoadContext & { visitor: VisitorHandle };

/**
 * The one place a visitor's session cookie is made: once their answer is (a page, its data, a resource route's or an
 * action's answer, a page made from a stored one), from what the answer changed of their session.
 */
async function committed<T>(visitor: VisitorHandle, answer: Promise<T>): Promise<[T, string | null]> {
  const made = await answer;
  return [made, await visitor.commit()];
}

/**
 * How the visitor of `context` gets their page at `target` made from a stored one, with their session's cookie when it
 * changed.
 */
export function personalMaker(context: RequestContext, target: string): MakePersonal {
  // A zh-Hant page's parts in Traditional Chinese, as its loaders' answers were (server/remix/traditional-build.ts).
  const inLanguage = languageOfPath(target) === "zh-Hant" ? traditionalAnswer : undefined;
  return async (personalization, stored) => {
    // Not a page's render: its parts' calls leave no facts behind.
    const [page, setCookie] = await committed(context.visitor, makePersonalPage(personalization, stored, renderContext(context, null), inLanguage));
    return { ...page, setCookie };
  };
}

async function send(res: ExpressResponse, response: Response, stale: boolean): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Built from upstream answers kept past their freshness because the platform failed (RFC 7234 warn-code 110).
  if (stale) res.set("Warning", '110 - "Response is Stale"');
  if (!response.body) res.end();
  // A page is rendered whole before it is sent (app/entry.server.tsx); other bodies may come in pieces.
  else if (response.headers.get("content-type")?.startsWith("text/html"))
    await sendCompressedOnce(res.req, res, Buffer.from(await response.arrayBuffer()));
  else await writeReadableStreamToWritable(response.body, res);
}

/** Loaders and actions stop once the visitor has gone: 'close' before 'finish' means nobody is listening. */
export function visitorSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * `url` is concatenated, not resolved: a target such as '//evil.example/…' stays a path on this origin.
 * A render to be shared gets none of the visitor's cookies. The request names the site's origin as its host, not
 * what the client or a proxy sent: Remix compares a write's Origin with the host (and throws, a 500, when they differ),
 * and which origin a write must come from is the site's decision, made before (server/middleware/same-origin.ts).
 */
function remixRequest(req: IncomingMessage, url: string, signal: AbortSignal, options: { shared?: boolean }): Request {
  const target = new URL(url);
  const headers = new Headers({ host: target.host });
  for (const [key, value] of Object.entries(req.headers)) {
    if (SITE_DECIDES.has(key) || (options.shared && key === "cookie")) continue;
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, item);
  }
  return new Request(target, { method: req.method, headers, signal });
}

const SITE_DECIDES = new Set(["host", "x-forwarded-host"]);
