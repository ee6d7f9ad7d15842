import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

export type Encoding = "br" | "gzip" | "identity";

export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const allowed = acceptedEncodings(acceptEncoding);
  return allowed("br") ? "br" : allowed("gzip") ? "gzip" : "identity";
}

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

/** The compression middleware's own threshold. */
const MIN_COMPRESSED_BYTES = 1024;
/** One pass: zlib's default chunks made several thread-pool round trips per page. */
const ONE_PASS_CHUNK = 128 * 1024;

/** Cheap levels for a body sent once: CPU counts more than a few per cent of bytes (docs/benchmarks.md). */
const GZIP_LEVEL_SENT_ONCE = 4;
const BROTLI_QUALITY_SENT_ONCE = 3;

/** The compression middleware's stream runs per-chunk callbacks on the request thread; a whole body needs one pass. */
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
