import type { RequestHandler } from "express";
import { BASE_PATH } from "../app/lib/base-path";

/**
 * The Remix app lives under the base path only. Anything else that reaches this far (a browser's own
 * `/favicon.ico`, a crawler's `/robots.txt`) is answered with a plain 404 here instead of becoming a routing
 * error inside Remix.
 */
export const basePathOnly: RequestHandler = (req, res, next) => {
  if (req.path.startsWith(BASE_PATH) || `${req.path}/` === BASE_PATH) return next();
  res.status(404).type("text/plain").send("Not Found");
};
