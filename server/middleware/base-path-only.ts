import type { RequestHandler } from "express";
import { BASE_PATH } from "../../app/lib/base-path";

/** A plain 404 outside the base path, instead of a routing error inside Remix. */
export const basePathOnly: RequestHandler = (req, res, next) => {
  // In development Vite's middleware strips the base path from req.url before passing on.
  const [path, query] = req.originalUrl.split(/\?(.*)/s);
  if (path.startsWith(BASE_PATH)) return next();
  if (`${path}/` === BASE_PATH) return res.redirect(301, query ? `${BASE_PATH}?${query}` : BASE_PATH);
  res.status(404).type("text/plain").send("Not Found");
};
