import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from "node:zlib";
import { promisify } from "node:util";
import type { PersonalPage } from "../../app/render/stored-personalization";
import { inlineScriptHashes, scriptHash } from "../middleware";

// Each stored piece is deflated once, ending on a byte boundary (sync flush), so a personal page's gzip is those
// streams with the visitor's parts compressed between them; each stream refers back only to its own bytes.

const deflateRawAsync = promisify(deflateRaw);
const SYNC = { finishFlush: zlibConstants.Z_SYNC_FLUSH };
/** Below this, compressing saves less than zlib's set-up costs: sent as a stored deflate block. */
const STORED_BLOCK_MAX = 512;
/** ID1 ID2, deflate, no flags, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const SCRIPT_OPEN = /<script\b([^>]*)>/gi;
const SCRIPT_END = /<\/script/;
const MARKUP_OF_SCRIPTS = /<\/?script/i;

type Piece = {
  bytes: Buffer;
  hashes: string[];
  openScriptText: number | null;
  /** -1: none; a script left open before it ends there. */
  firstScriptEnd: number;
};
type Prepared = { pieces: Piece[]; deflated: Promise<Buffer[]> };

const prepared = new WeakMap<readonly string[], Prepared>();

function pieceOf(text: string): Piece {
  let openScriptText: number | null = null;
  // Searched in the text itself: lower-casing may change its length (İ), and so its offsets.
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
    const deflated = Promise.all(pieces.map(({ bytes }, index) => deflateRawAsync(bytes, { level: 9, ...(index < last && SYNC) })));
    prepared.set(statics, (page = { pieces, deflated }));
  }
  return page;
}

export function personalScriptHashes(page: PersonalPage): string[] {
  // Script markup in a part would change where scripts begin and end: the page is read whole.
  if (page.fills.some((fill) => MARKUP_OF_SCRIPTS.test(fill))) return inlineScriptHashes(personalHtml(page).toString("utf8"));
  const { pieces } = prepare(page.statics);
  const hashes = new Set<string>();
  pieces.forEach((piece, index) => {
    for (const hash of piece.hashes) hashes.add(hash);
    if (piece.openScriptText === null) return;
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

export function personalHtml(page: PersonalPage): Buffer {
  const parts: Buffer[] = [];
  page.statics.forEach((text, index) => {
    parts.push(Buffer.from(text));
    if (index < page.fills.length) parts.push(Buffer.from(page.fills[index]!));
  });
  return Buffer.concat(parts);
}

function deflatedPart(bytes: Buffer): Buffer {
  if (bytes.length >= STORED_BLOCK_MAX) return deflateRawSync(bytes, SYNC);
  // A stored block: BFINAL 0, BTYPE 00, LEN and its one's complement, the bytes.
  const head = Buffer.from([0, bytes.length & 0xff, bytes.length >> 8, ~bytes.length & 0xff, (~bytes.length >> 8) & 0xff]);
  return Buffer.concat([head, bytes]);
}

export async function personalGzip(page: PersonalPage): Promise<Buffer> {
  const { pieces, deflated } = prepare(page.statics);
  const streams = await deflated;
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const add = (bytes: Buffer) => {
    // zlib's crc32 of an empty buffer (which may have no data pointer) is its initial value: skipped.
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
