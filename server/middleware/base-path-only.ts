import type { RequestHandler } from "express";
import { BASE_PATH } from "../../app/lib/base-path";

/**
 * The Remix app lives under the base path only. The base path without its slash is redirected to it; anything
 * else outside it (a browser's own `/favicon.ico`, a crawler's `/robots.txt`) is answered with a plain 404 here
 * instead of becoming a routing error inside Remix.
 */
export const basePathOnly: RequestHandler = (req, res, next) => {
  // The URL as asked for: in development Vite's middleware strips the base path from req.url before passing on.
  const [path, query] = req.originalUrl.split(/\?(.*)/s);
  if (path.startsWith(BASE_PATH)) return next();
  if (`${path}/` === BASE_PATH) return res.redirect(301, query ? `${BASE_PATH}?${query}` : BASE_PATH);
  res.status(404).type("text/plain").send("Not Found");
};
