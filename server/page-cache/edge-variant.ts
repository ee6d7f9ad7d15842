import type { RequestHandler } from "express";
import { BASE_PATH } from "../../app/lib/base-path";
import { deviceClass } from "../../app/render/page-device.server";

export const EDGE_VARIANT_PATH = `${BASE_PATH}edge-variant`;

/** A user agent's class does not change while the site runs. */
const VARIANT_CACHE_CONTROL = "public, max-age=0, s-maxage=86400, stale-if-error=604800";

/** The class comes from the site's own parsers, so the edge never guesses at it; `-` for a plain desktop browser. */
export const edgeVariant: RequestHandler = (req, res) => {
  res.set({ "X-Page-Variant": deviceClass(req.get("user-agent") ?? "") || "-", "Cache-Control": VARIANT_CACHE_CONTROL, Vary: "User-Agent" });
  res.status(200).end();
};
