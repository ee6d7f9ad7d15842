import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { trackStaleAnswers } from "../app/bff/shared-cache.server";
import { collectPageFacts } from "../app/page-tags.server";
import { isSharedPageRequest, type PageCache, type PageRender } from "./page-cache";
import type { OriginOf } from "./public-origin";

/**
 * Hands a request to Remix. Unlike @remix-run/express's adapter, the request's URL is built from the
 * public origin (never from raw Host / X-Forwarded-* headers, which can make it unparseable), and a POST's
 * body is the form `formBodies` has already read and checked. A response built from stale upstream answers
 * says so in a Warning header. An anonymous visitor's GET goes through the page cache, when there is one.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  originOf: OriginOf;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  pageCache?: PageCache;
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const render = async (request: Request, context: AppLoadContext) => {
    const { result, page } = await collectPageFacts(() => trackStaleAnswers(() => handleRequest(request, context)));
    return { response: result.result, stale: result.stale.length > 0, page };
  };
  return async (req, res, next) => {
    try {
      if (options.pageCache && isSharedPageRequest(req)) {
        // Rendered for everyone of the key: the canonical URL, no nonce, not stopped when this visitor leaves.
        const shared: PageRender = (url, signal) =>
          render(remixRequest(req, options.originOf(req) + url, signal, { shared: true }), { ...options.getLoadContext(req, res), cspNonce: "" });
        await options.pageCache.serve(req, res, shared, send);
        return;
      }
      const { response, stale } = await render(
        remixRequest(req, options.originOf(req) + req.originalUrl, visitorSignal(res), { formBody: res.locals.formBody }),
        options.getLoadContext(req, res),
      );
      await send(res, response, stale);
    } catch (error) {
      next(error);
    }
  };
}

async function send(res: ExpressResponse, response: Response, stale: boolean): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Built from upstream answers kept past their freshness because the platform failed (RFC 7234 warn-code 110).
  if (stale) res.set("Warning", '110 - "Response is Stale"');
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** Loaders and actions stop once the visitor has gone: 'close' before 'finish' means nobody is listening. */
function visitorSignal(res: ExpressResponse): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * `url` is concatenated, not resolved: a target such as '//evil.example/…' stays a path on this origin.
 * A render to be shared gets none of the visitor's cookies.
 */
function remixRequest(req: ExpressRequest, url: string, signal: AbortSignal, options: { formBody?: Buffer; shared?: boolean }): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (options.shared && key === "cookie") continue;
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, item);
  }
  return new Request(new URL(url), {
    method: req.method,
    headers,
    signal,
    body: options.formBody ? new Uint8Array(options.formBody) : undefined,
  });
}
