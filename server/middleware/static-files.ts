import expressStaticGzip from "express-static-gzip";

/**
 * The client build's files from `dir`, each sent as the brotli or gzip copy the build wrote beside it
 * (scripts/precompress-client.mjs) when the request accepts one, brotli first, else as it is; with
 * `Vary: Accept-Encoding` wherever a copy exists. A file missing here passes the request on.
 */
export function staticFiles(dir: string, caching: { maxAge: string; immutable?: boolean }) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...caching, index: false },
  });
}
