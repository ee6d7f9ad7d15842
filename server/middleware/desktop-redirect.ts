import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { BASE_PATH } from "../../app/lib/base-path";
import { safeRedirectTarget } from "../../app/lib/redirect-target";
import { redirectsToPc } from "../../app/render/page-device.server";
import type { OriginOf } from "./public-origin";

const PC_PATH = `${BASE_PATH}pc`;

/** Not the wrapper's own frame, nor a crawler or link-preview bot. */
export function goesToPc(req: IncomingMessage, path: string): boolean {
  if (req.method !== "GET" || !path.startsWith(BASE_PATH) || path === PC_PATH) return false;
  const { headers } = req;
  if (headers["sec-fetch-dest"] === "iframe" || headers["sec-fetch-mode"] === "cors") return false;
  if (!(headers.accept ?? "").includes("text/html")) return false;
  return redirectsToPc(headers["user-agent"] ?? "");
}

/** Spec section 9: desktop browsers see the mobile page inside the /pc wrapper. */
export function desktopRedirect(originOf: OriginOf): RequestHandler {
  return (req, res, next) => {
    if (!goesToPc(req, req.path)) return next();
    const origin = originOf(req);
    res.redirect(302, safeRedirectTarget(`${PC_PATH}?url=${encodeURIComponent(origin + req.originalUrl)}`, origin, BASE_PATH));
  };
}
