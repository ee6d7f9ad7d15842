import type { RequestHandler } from "express";
import { formOrigin, type FormOrigin } from "../../app/visitor/csrf.server";
import { refuse } from "./malformed-requests";
import type { OriginOf } from "./public-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "express-serve-static-core" {
  interface Locals {
    /** The visitor handle asks a post that names no origin for its token. */
    formOrigin?: Exclude<FormOrigin, "foreign">;
  }
}

/**
 * Refused here with a clear 403, which Remix would turn into a server error (docs/decisions/0003-csrf-by-origin.md).
 * Requests with neither Origin nor Sec-Fetch-Site still need the session's CSRF token.
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
