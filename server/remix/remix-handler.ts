import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { IncomingMessage, ServerResponse } from "node:http";
import pLimit from "p-limit";
import type { RequestHandler, Response as ExpressResponse } from "express";
import { newRenderRecord, renderContext } from "../../app/render/render-record.server";
import { makePersonalPage } from "../../app/render/personal.server";
import {
  isPersonalPageRequest,
  isStoredPageRequest,
  sendCompressedOnce,
  servePersonal,
  serveStored,
  type MakePersonal,
  type PageRender,
  type PageStore,
} from "../page-cache";
import type { VisitorHandle } from "../../app/visitor/visitor-handle.server";
import { languageOfPath } from "../../app/lib/languages";
import { traditionalBuild } from "./traditional-build";
import { traditionalAnswer } from "../../app/runtime/traditional-chinese.server";
import type { OriginOf } from "../middleware";
import { storeRenderContext, type RequestContext, type RequestContexts } from "./request-context";

// Unlike @remix-run/express's adapter, the URL comes from the public origin, never raw Host / X-Forwarded-*. Renders
// run `renderConcurrency` at a time: interleaved, each lives as long as the slowest and its garbage grows old.
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  originOf: OriginOf;
  contextOf: RequestContexts["inPipeline"];
  pageStore?: PageStore;
  renderConcurrency: number;
}): RequestHandler {
  const handlers = {
    "zh-Hans": createRequestHandler(options.build, options.mode),
    "zh-Hant": createRequestHandler(traditionalBuild(options.build), options.mode),
  };
  const inTurn = pLimit(options.renderConcurrency);
  const render = (request: () => Request, context: RequestContext, record = newRenderRecord()) =>
    inTurn(async () => {
      const remixRequest = request();
      const handleRequest = handlers[languageOfPath(new URL(remixRequest.url).pathname)];
      const response = await handleRequest(remixRequest, renderContext(context, record));
      return { response, stale: record.staleKeys.size > 0, record };
    });
  return async (req, res, next) => {
    // Once per request: its upstream deadline counts from its arrival, whichever render runs and when.
    const context = options.contextOf(req, res);
    const forStore: PageRender = (url, signal, record) =>
      render(() => remixRequest(req, options.originOf(req) + url, signal, { forStore: true }), storeRenderContext(context, signal), record);
    const own = async () => {
      const made = render(() => remixRequest(req, options.originOf(req) + req.originalUrl, context.visitor.signal, {}), context);
      const [{ response, stale }, setCookies] = await committed(context.visitor, made);
      if (setCookies.length) res.append("Set-Cookie", setCookies);
      await send(res, response, stale);
    };
    try {
      if (options.pageStore && isStoredPageRequest(req, req.originalUrl)) {
        await serveStored(options.pageStore, req, res, forStore, send);
      } else if (options.pageStore && isPersonalPageRequest(req, req.originalUrl)) {
        const makePersonal = personalMaker(context, req.originalUrl);
        await servePersonal(options.pageStore, req, res, forStore, makePersonal, own);
      } else {
        await own();
      }
    } catch (error) {
      next(error);
    }
  };
}

/** The one place a visitor's cookies are made, once their answer is. */
async function committed<T>(visitor: VisitorHandle, answer: Promise<T>): Promise<[T, string[]]> {
  const made = await answer;
  return [made, await visitor.commit()];
}

export function personalMaker(context: RequestContext, target: string): MakePersonal {
  const inLanguage = languageOfPath(target) === "zh-Hant" ? traditionalAnswer : undefined;
  return async (personalization, storedGzip) => {
    // Not a page's render: its parts' calls leave no facts behind.
    const [page, setCookies] = await committed(
      context.visitor,
      makePersonalPage(personalization, storedGzip, renderContext(context, null), inLanguage),
    );
    return { ...page, setCookies };
  };
}

/** For the entrance before Express (server/page-cache/stored-page-hits.ts): the request's context, made as the pipeline makes it. */
export const personalBeforePipeline =
  (contexts: RequestContexts) =>
  (req: IncomingMessage, res: ServerResponse, requestId: string): MakePersonal =>
    personalMaker(contexts.beforePipeline(req, res, requestId), req.url ?? "");

async function send(res: ExpressResponse, response: Response, stale: boolean): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // RFC 7234 warn-code 110: built from upstream answers kept because the platform failed.
  if (stale) res.set("Warning", '110 - "Response is Stale"');
  if (!response.body) res.end();
  // A page is rendered whole before it is sent (app/entry.server.tsx).
  else if (response.headers.get("content-type")?.startsWith("text/html"))
    await sendCompressedOnce(res.req, res, Buffer.from(await response.arrayBuffer()));
  else await writeReadableStreamToWritable(response.body, res);
}

// `url` is concatenated, not resolved: '//evil.example/…' stays a path here. Remix throws when a write's Origin differs
// from the host, so the host is the site's origin and the check is the site's (server/middleware/same-origin.ts).
function remixRequest(req: IncomingMessage, url: string, signal: AbortSignal, options: { forStore?: boolean }): Request {
  const target = new URL(url);
  const headers = new Headers({ host: target.host });
  for (const [key, value] of Object.entries(req.headers)) {
    if (SITE_DECIDES.has(key) || (options.forStore && key === "cookie")) continue;
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, item);
  }
  return new Request(target, { method: req.method, headers, signal });
}

const SITE_DECIDES = new Set(["host", "x-forwarded-host"]);
