import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { OriginOf } from "./public-origin";

/**
 * Hands a request to Remix. Unlike @remix-run/express's adapter, the request's URL is built from the
 * public origin (never from raw Host / X-Forwarded-* headers, which can make it unparseable), and a POST's
 * body is the form `formBodies` has already read and checked.
 */
export function remixHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  originOf: OriginOf;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const response = await handleRequest(remixRequest(req, res, options.originOf), options.getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

function remixRequest(req: ExpressRequest, res: ExpressResponse, originOf: OriginOf): Request {
  // Loaders and actions stop once the visitor has gone: 'close' before 'finish' means nobody is listening.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, item);
  }
  // Concatenated, not resolved: a target such as '//evil.example/…' stays a path on this origin.
  return new Request(new URL(originOf(req) + req.originalUrl), {
    method: req.method,
    headers,
    signal: controller.signal,
    body: res.locals.formBody ? new Uint8Array(res.locals.formBody) : undefined,
  });
}
