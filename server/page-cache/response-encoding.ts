import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

export type Encoding = "br" | "gzip" | "identity";

/** The encoding to send: brotli, else gzip, else none, as the request's Accept-Encoding allows. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const allowed = acceptedEncodings(acceptEncoding);
  return allowed("br") ? "br" : allowed("gzip") ? "gzip" : "identity";
}

/** Whether the request's Accept-Encoding allows an encoding (by name, lower case). */
export function acceptedEncodings(acceptEncoding: string | undefined): (name: string) => boolean {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return (name) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
}

export const gzipAsync = promisify(gzip);
export const brotliAsync = promisify(brotliCompress);

/** Below this a compressed body saves less than its headers and the work cost (the compression middleware's own threshold). */
const MIN_COMPRESSED_BYTES = 1024;
/** One pass over the whole body: zlib's default chunks made several thread-pool round trips per page. */
const ONE_PASS_CHUNK = 128 * 1024;

/**
 * Levels for a body sent once (a logged-in visitor's page): cheap levels, since the CPU counts more than a few per cent
 * of bytes (docs/benchmarks.md, "Figures behind the code's settings"). Stored pages are compressed once at the best
 * levels instead (server/page-cache/page-store.ts).
 */
const GZIP_LEVEL_SENT_ONCE = 4;
const BROTLI_QUALITY_SENT_ONCE = 3;

/**
 * Sends a whole body compressed as the request allows, in one pass on libuv's threads, with its length: the
 * compression middleware's stream (per-chunk callbacks on the request thread) is for bodies that arrive in pieces.
 */
export async function sendCompressedOnce(req: ExpressRequest, res: ExpressResponse, body: Buffer): Promise<void> {
  const encoding = body.length < MIN_COMPRESSED_BYTES ? "identity" : chooseEncoding(req.get("accept-encoding"));
  const sent =
    encoding === "br"
      ? await brotliAsync(body, {
          chunkSize: ONE_PASS_CHUNK,
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_SENT_ONCE,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : encoding === "gzip"
        ? await gzipAsync(body, { level: GZIP_LEVEL_SENT_ONCE, chunkSize: ONE_PASS_CHUNK })
        : body;
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(sent.length));
  res.end(sent);
}
