import type { RequestHandler } from "express";
import { formOrigin, type FormOrigin } from "../../app/visitor/csrf.server";
import { refuse } from "./malformed-requests";
import type { OriginOf } from "./public-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "express-serve-static-core" {
  interface Locals {
    /** Where a write says it comes from, judged here once; the visitor handle asks a post that names none for its token. */
    formOrigin?: Exclude<FormOrigin, "foreign">;
  }
}

/**
 * State changes come only from this site's own pages (docs/decisions/0003-csrf-by-origin.md): a POST whose Origin
 * names another site, or (without Origin) whose Sec-Fetch-Site says it came from another site, is refused with a
 * clear 403 here, before the page handler (Remix would otherwise abort it as a server error). Requests with neither
 * header (old browsers) still need the session's CSRF token in the form (app/visitor/visitor-handle.server.ts).
 */
export function sameOriginWrites(originOf: OriginOf): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = formOrigin({ origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") }, originOf(req));
    if (origin === "foreign") return refuse(req, res, "origin");
    res.locals.formOrigin = origin;
    next();
  };
}
