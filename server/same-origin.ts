import type { RequestHandler } from "express";
import { refuse } from "./malformed-requests";
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
    refuse(req, res, "origin");
  };
}
