import type { RequestHandler } from "express";
import { BASE_PATH } from "../app/lib/base-path";
import { shouldRedirectToPc } from "../app/lib/device";
import { safeRedirectTarget } from "../app/lib/redirect-target";
import type { OriginOf } from "./public-origin";

const PC_PATH = `${BASE_PATH}pc`;

/**
 * Spec section 9: desktop browsers see the mobile page inside the /pc wrapper. Only page navigations are
 * redirected; the wrapper's own frame, crawlers and link-preview bots never are.
 */
export function desktopRedirect(originOf: OriginOf): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || !req.path.startsWith(BASE_PATH) || req.path === PC_PATH) return next();
    if (req.get("sec-fetch-dest") === "iframe" || req.get("sec-fetch-mode") === "cors") return next();
    if (!(req.get("accept") ?? "").includes("text/html")) return next();
    if (!shouldRedirectToPc(req.get("user-agent") ?? "")) return next();
    const origin = originOf(req);
    res.redirect(302, safeRedirectTarget(`${PC_PATH}?url=${encodeURIComponent(origin + req.originalUrl)}`, origin, BASE_PATH));
  };
}
