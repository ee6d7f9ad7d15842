import type { RequestHandler } from "express";
import { refuse } from "./malformed-requests";
import type { OriginOf } from "./public-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State changes come only from this site's own pages: a POST whose Origin names another site, or (without
 * Origin) whose Sec-Fetch-Site says it came from another site, is refused with a clear 403 here, before the
 * page handler (Remix would otherwise abort it as a server error). Requests with neither header (old browsers)
 * still need the session's CSRF token in the form (app/visitor/csrf.server.ts).
 */
export function sameOriginWrites(originOf: OriginOf): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    if (origin === undefined ? site === undefined || site === "same-origin" || site === "none" : origin === originOf(req)) return next();
    refuse(req, res, "origin");
  };
}
