// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each compressible file of the client build,
// after both client builds: the host sends these (server/middleware/static-files.ts) instead of compressing every request anew.
// sw.js is left out: its own route sends it, uncached, through the compression middleware.
//   node scripts/precompress-client.mjs [dir]   (build/client by default)
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|webmanifest)$/;
const NOT_PRECOMPRESSED = new Set(["sw.js"]);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const dir = process.argv[2] ?? "build/client";
const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !(entry.parentPath === dir && NOT_PRECOMPRESSED.has(entry.name)))
  .map((entry) => join(entry.parentPath, entry.name));

await Promise.all(
  files.map(async (file) => {
    const body = await readFile(file);
    const variants = [
      [".br", await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })],
      [".gz", await gzipped(body, { level: 9 })],
    ];
    // A copy no smaller than the file is not written: the host then sends the file itself.
    for (const [suffix, compressed] of variants) if (compressed.length < body.length) await writeFile(file + suffix, compressed);
  }),
);
