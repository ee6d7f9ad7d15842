import type { RequestHandler } from "express";
import type { OriginOf } from "./public-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State changes come only from this site's own pages: a POST whose Origin names another site is refused
 * with a clear 403 here, before the page handler (Remix would otherwise abort it as a server error).
 * Requests without Origin (old browsers) still need the session's CSRF token in the form.
 */
export function sameOriginWrites(originOf: OriginOf): RequestHandler {
  return (req, res, next) => {
    const origin = req.get("origin");
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    if (origin === originOf(req)) return next();
    res.status(403).type("text/plain; charset=utf-8").send("请求来源无效");
  };
}
