import type { RequestHandler } from "express";
import { BASE_PATH } from "../../app/lib/base-path";
import { deviceClass } from "../../app/render/page-device.server";

/** Where the edge asks which variant of the pages a user agent gets (deploy/edge/edge.vcl). */
export const EDGE_VARIANT_PATH = `${BASE_PATH}edge-variant`;

/** A user agent's class does not change while the site runs; the edge keeps the answer a day, a week while no replica answers. */
const VARIANT_CACHE_CONTROL = "public, max-age=0, s-maxage=86400, stale-if-error=604800";

/**
 * The edge keys stored pages by the page cache's own device class (`deviceClass`, the same string the page store keys
 * by), asked here once per user agent: the class comes from the site's parsers, so the edge never guesses at it.
 * Answered in `X-Page-Variant`, `-` for the class of no fact (a plain desktop browser).
 */
export const edgeVariant: RequestHandler = (req, res) => {
  res.set({ "X-Page-Variant": deviceClass(req.get("user-agent") ?? "") || "-", "Cache-Control": VARIANT_CACHE_CONTROL, Vary: "User-Agent" });
  res.status(200).end();
};
