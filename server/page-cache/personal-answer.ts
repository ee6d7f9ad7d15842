import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from "node:zlib";
import { promisify } from "node:util";
import type { PersonalPage } from "../../app/render/stored-personalization";
import { inlineScriptHashes, scriptHash } from "../middleware";

/**
 * A logged-in visitor's page (app/render/personal.server.tsx) is the stored page's pieces with the visitor's parts between
 * them. Its gzip is made the same way: each piece is compressed once per stored page, at the best level, as a raw
 * deflate stream ending on a byte boundary (a sync flush), and an answer is those streams with the visitor's parts
 * compressed between them, in a gzip header and trailer (deflate blocks may follow each other from separate streams;
 * each stream refers back only to its own bytes). Its scripts' CSP hashes are likewise those of the pieces' own
 * scripts, computed once, and of the scripts a part falls in.
 */

const deflateRawAsync = promisify(deflateRaw);
const SYNC = { finishFlush: zlibConstants.Z_SYNC_FLUSH };
/** A part smaller than this is sent as a stored deflate block: compressing it saves less than zlib's set-up costs. */
const STORED_BLOCK_MAX = 512;
/** ID1 ID2, deflate, no flags, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const SCRIPT_OPEN = /<script\b([^>]*)>/gi;
const SCRIPT_END = /<\/script/;
const MARKUP_OF_SCRIPTS = /<\/?script/i;

type Piece = {
  bytes: Buffer;
  /** The hashes of the scripts whole in the piece, in order. */
  hashes: string[];
  /** Where the text of a script that the piece opens but does not close begins; null when it closes all. */
  openScriptText: number | null;
  /** Where the first end of a script in the piece is (-1: none): a script left open before it ends there. */
  firstScriptEnd: number;
};
type Prepared = { pieces: Piece[]; deflated: Promise<Buffer[]> };

const prepared = new WeakMap<readonly string[], Prepared>();

function pieceOf(text: string): Piece {
  let openScriptText: number | null = null;
  // Searched case-insensitively in the text itself: lower-casing may change its length (İ), and so its offsets.
  const scriptEnd = (from: number) => {
    const end = new RegExp(SCRIPT_END.source, "gi");
    end.lastIndex = from;
    return end.exec(text)?.index ?? -1;
  };
  for (const open of text.matchAll(SCRIPT_OPEN)) {
    const textAt = open.index + open[0].length;
    const closed = scriptEnd(textAt) >= 0;
    openScriptText = closed || /\ssrc\s*=/i.test(open[1] ?? "") ? null : textAt;
  }
  return { bytes: Buffer.from(text), hashes: inlineScriptHashes(text), openScriptText, firstScriptEnd: scriptEnd(0) };
}

function prepare(statics: readonly string[]): Prepared {
  let page = prepared.get(statics);
  if (!page) {
    const pieces = statics.map(pieceOf);
    const last = pieces.length - 1;
    // Compressed off the request thread; the last piece ends the stream.
    const deflated = Promise.all(pieces.map(({ bytes }, index) => deflateRawAsync(bytes, { level: 9, ...(index < last && SYNC) })));
    prepared.set(statics, (page = { pieces, deflated }));
  }
  return page;
}

/** The CSP hashes of the page's inline scripts, in document order, as `inlineScriptHashes` gives them for its HTML. */
export function personalScriptHashes(page: PersonalPage): string[] {
  // A part with script markup of its own would change where scripts begin and end: the page is read whole.
  if (page.fills.some((fill) => MARKUP_OF_SCRIPTS.test(fill))) return inlineScriptHashes(personalHtml(page).toString("utf8"));
  const { pieces } = prepare(page.statics);
  const hashes = new Set<string>();
  pieces.forEach((piece, index) => {
    for (const hash of piece.hashes) hashes.add(hash);
    if (piece.openScriptText === null) return;
    // A script the piece leaves open goes on through the parts and pieces after it to the first end of a script.
    let text = page.statics[index]!.slice(piece.openScriptText);
    for (let next = index + 1; next < pieces.length; next += 1) {
      text += page.fills[next - 1];
      const rest = page.statics[next]!;
      const end = pieces[next]!.firstScriptEnd;
      if (end >= 0) {
        text += rest.slice(0, end);
        if (text) hashes.add(scriptHash(text));
        return;
      }
      text += rest;
    }
  });
  return [...hashes];
}

/** The page's HTML, uncompressed. */
export function personalHtml(page: PersonalPage): Buffer {
  const parts: Buffer[] = [];
  page.statics.forEach((text, index) => {
    parts.push(Buffer.from(text));
    if (index < page.fills.length) parts.push(Buffer.from(page.fills[index]!));
  });
  return Buffer.concat(parts);
}

/** A part as deflate blocks that end on a byte boundary, not the last of the stream. */
function deflatedPart(bytes: Buffer): Buffer {
  if (bytes.length >= STORED_BLOCK_MAX) return deflateRawSync(bytes, SYNC);
  // A stored block: BFINAL 0, BTYPE 00 (the rest of the byte unused), LEN and its one's complement, the bytes.
  const head = Buffer.from([0, bytes.length & 0xff, bytes.length >> 8, ~bytes.length & 0xff, (~bytes.length >> 8) & 0xff]);
  return Buffer.concat([head, bytes]);
}

/** The page's gzip: its pieces as compressed for the stored page, this visitor's parts compressed between them. */
export async function personalGzip(page: PersonalPage): Promise<Buffer> {
  const { pieces, deflated } = prepare(page.statics);
  const streams = await deflated;
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const add = (bytes: Buffer) => {
    // An empty buffer may have no data pointer, and zlib's crc32 of none is its initial value, 0: skipped.
    if (bytes.length) crc = crc32(bytes, crc);
    size += bytes.length;
  };
  pieces.forEach((piece, index) => {
    out.push(streams[index]!);
    add(piece.bytes);
    if (index >= page.fills.length) return;
    const fill = Buffer.from(page.fills[index]!);
    out.push(deflatedPart(fill));
    add(fill);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(trailer);
  return Buffer.concat(out);
}
