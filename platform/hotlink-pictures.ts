import path from "node:path";
import express from "express";

/** Where the picture host is mounted inside the media folder's URL: `{{media}}/mmbiz/…` in stored bodies. */
export const HOTLINK_PATH = "/mmbiz";

/** What the host answers a foreign Referer with: a picture saying it may not be used elsewhere (platform/media). */
export const HOTLINK_REFUSED_FILE = "hotlink-refused.png";

/** The demo pictures the host serves, by the name in its addresses: the covers and gallery pictures of platform/media. */
const PICTURE_NAME = /^(?:cover-\d\d|gallery-\d\d)$/;

/**
 * A stand-in for the picture hosts that editor HTML links to (mmbiz.qpic.cn, several CMS CDNs), with their hotlink
 * protection: `/mmbiz_jpg/{name}/{size}?wx_fmt=jpeg` answers the picture to a request without a Referer and the
 * placeholder to one with any Referer, since the only site such a host lets show its pictures is its own editor's,
 * never the share site. A page that shows them must send none (referrerpolicy="no-referrer").
 */
export function hotlinkPictureHost(mediaDir: string): express.Router {
  const router = express.Router();
  router.get("/mmbiz_:format/:name/:size", (req, res) => {
    const { format, name } = req.params;
    if (format !== "jpg" || !PICTURE_NAME.test(name)) {
      res.sendStatus(404);
      return;
    }
    // Whether the picture or the placeholder comes back depends on the Referer: caches must keep them apart.
    res.setHeader("Vary", "Referer");
    res.setHeader("Cache-Control", "private, max-age=3600");
    const refused = Boolean(req.get("referer"));
    res.sendFile(path.join(mediaDir, refused ? HOTLINK_REFUSED_FILE : `${name}.jpg`), (error) => {
      if (error && !res.headersSent) res.sendStatus(404);
    });
  });
  return router;
}
