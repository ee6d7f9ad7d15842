import { createHash } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";
import { LRUCache } from "lru-cache";
import { SINGLE_FETCH_CONTENT_TYPE } from "../../app/framework/remix-internals";
import type { StoredPersonalization } from "../../app/render/stored-personalization";
import { createKeyIndex } from "../../app/lib/key-index";
import type { RenderRecord } from "../../app/render/page-facts.server";
import { onContentWritten } from "../../app/runtime/content-writes.server";
import { logger } from "../../app/runtime/logger.server";
import type { PageCacheStats } from "../../app/runtime/metrics.server";
import { noteOnSpan } from "../../app/runtime/tracing.server";
import { brotliAsync, gzipAsync } from "./response-encoding";
import { inlineScriptHashes } from "../middleware";

/**
 * The rendered-page store for anonymous visitors. A visitor without a session cookie sees exactly what every
 * other such visitor on the same kind of device sees, so a page is rendered once and its bytes served to all:
 * keyed by the canonical URL (share noise such as WeChat's `from` and our `_t` dropped, parameters sorted) and
 * the device class the page renders for; stored gzip, brotli and plain with an ETag; bounded by bytes (least
 * recently used go first). Fresh for PAGE_FRESH_SECONDS, then served while one render refreshes it; a page that
 * fails to render again is served stale for PAGE_STALE_IF_ERROR_SECONDS. Concurrent misses wait for one render.
 * A write of this site, in any process, drops the pages of what it changed (app/runtime/content-writes.server.ts),
 * found by tag through an index, and the renders in flight that read it. Per process.
 *
 * The store decides (what is servable, which render to join, what a finished render leaves stored); it sends
 * nothing and renders nothing: the pipeline does both (server/page-cache/page-answers.ts). Only 200 answers with no
 * Set-Cookie, built from fresh upstream answers with none failing, are stored.
 */
export const PAGE_FRESH_SECONDS = 10;
export const PAGE_STALE_WHILE_REVALIDATE_SECONDS = 60;
export const PAGE_STALE_IF_ERROR_SECONDS = 600;

/** One render of a page, with the upstream staleness and what the page said of itself (tags, incomplete, personal parts). */
export type Rendered = { response: Response; stale: boolean; page: RenderRecord };

export type Shared = { status: number; headers: Headers; body: Buffer; stale: boolean; scriptHashes: string[] | null };
/**
 * The headers the host's full middleware pipeline sent with a stored page (its security headers and CSP, the
 * cache's), less those of one answer: as writeHead takes them, name, value, name, value… An answer given before the
 * pipeline (server/page-cache/page-answers.ts) sends these, so it says exactly what the pipeline would.
 */
export type SentHead = string[];
export type Entry = {
  status: number;
  headers: [string, string][];
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  scriptHashes: string[] | null;
  storedAt: number;
  tags: string[];
  /** How a logged-in visitor's page is made from this one, as data; null when it is rendered for them instead. */
  personalization: StoredPersonalization | null;
  /** Null until the pipeline has answered the page at its own path: until then every hit goes through it. */
  sent: SentHead | null;
  /** Likewise for a logged-in visitor's page made from it; its CSP still holds the pipeline's nonce, for their hashes. */
  sentPersonal: SentHead | null;
};
export type Outcome =
  /** The same for every visitor of the key; `entry` when it was stored. */
  | { kind: "shared"; page: Shared; entry: Entry | null }
  /** For the requester only (it sets a cookie, or is not a page at all): others render their own. */
  | { kind: "own"; response: Response; stale: boolean; controller: AbortController };

export type Decision = keyof Omit<PageCacheStats, "entries" | "bytes">;

/**
 * What a stored page's recorded slots and parts hold beside its bytes (their React elements, their renders kept per
 * visitor), as a size; its pieces cut for logged-in visitors take about its plain and gzip bytes again.
 */
const PERSONALIZE_BYTES = 160 * 1024;

/**
 * Brotli quality 9 with a 64 KiB window: over that window quality 9 builds a hash table per compression that took the
 * RSS up with four at once; a stored page is no larger with it, and its compression faster (docs/benchmarks.md).
 */
const BROTLI_WINDOW_BITS = 16;
const brotliParams = (size: number) => ({
  [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
  [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
});

const contentType = (headers: Headers) => headers.get("content-type") ?? "";
export const isHtml = (headers: Headers) => contentType(headers).startsWith("text/html");
/** Pages and the data of a client-side navigation (Remix single fetch): what is worth reading whole. */
const isPageOrData = (headers: Headers) => isHtml(headers) || contentType(headers).startsWith(SINGLE_FETCH_CONTENT_TYPE);

// Headers that belong to one response, not to the stored page.
const NOT_STORED = new Set(["cache-control", "set-cookie", "content-length", "content-encoding", "date", "etag", "vary", "warning", "age"]);

/** `now` is the clock (ms) of freshness and expiry; tests pass their own. */
export function createPageStore(options: { maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    perf: { now },
    maxSize: options.maxBytes,
    sizeCalculation: (entry) =>
      entry.plain.length +
      entry.gzip.length +
      entry.br.length +
      1024 +
      (entry.personalization ? PERSONALIZE_BYTES + entry.plain.length + entry.gzip.length : 0),
    ttl: (PAGE_FRESH_SECONDS + PAGE_STALE_IF_ERROR_SECONDS) * 1000,
    dispose: (entry, key) => {
      for (const tag of entry.tags) byTag.remove(tag, key);
    },
  });
  const byTag = createKeyIndex();
  /** Each render in flight with its record, whose tags grow as its loaders read. */
  const flights = new Map<string, { outcome: Promise<Outcome>; record: RenderRecord }>();
  // A render that began before a write of what it shows must not be stored after it: writes are counted.
  let writes = 0;
  const writtenAt = new Map<string, { write: number; at: number }>();
  const counts: Record<Decision, number> = { hits: 0, stale: 0, joined: 0, misses: 0, uncached: 0, personal: 0 };

  function drop(tag: string) {
    writes += 1;
    const at = now();
    writtenAt.set(tag, { write: writes, at });
    // Only renders in flight need the record, and none lasts a minute.
    for (const [old, record] of writtenAt) if (at - record.at > 60_000) writtenAt.delete(old);
    const keys = byTag.keysOf(tag);
    for (const key of keys) entries.delete(key);
    // Whoever asks after the write gets a render that began after it; a render that has not read the tag yet reads
    // after the write, and is left alone. A render's tags are known only as it goes: the renders in flight are asked.
    for (const [key, flight] of flights) if (flight.record.tags.has(tag)) flights.delete(key);
    logger.debug({ pageCache: "DROPPED", tag, pages: keys.length }, "page cache");
  }
  const stopListening = onContentWritten(({ pages }) => pages.forEach(drop));

  async function store(key: string, page: Shared, tags: string[], personalization: StoredPersonalization | null): Promise<Entry> {
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(page.body, { level: 9 }),
      brotliAsync(page.body, { params: brotliParams(page.body.length) }),
    ]);
    const entry: Entry = {
      status: page.status,
      headers: [...page.headers].filter(([name]) => !NOT_STORED.has(name.toLowerCase())),
      plain: page.body,
      gzip: gzipped,
      br: brotli,
      etag: `W/"${createHash("sha256").update(page.body).digest("base64url").slice(0, 32)}"`,
      scriptHashes: page.scriptHashes,
      storedAt: now(),
      tags,
      personalization,
      sent: null,
      sentPersonal: null,
    };
    entries.set(key, entry);
    for (const tag of tags) byTag.add(tag, key);
    return entry;
  }

  /** What a finished render leaves: shared (and stored when it may be) or the requester's own. */
  async function settle(key: string, rendering: Promise<Rendered>, controller: AbortController, writesBefore: number): Promise<Outcome> {
    const { response, stale, page: facts } = await rendering;
    if (!isPageOrData(response.headers)) return { kind: "own", response, stale, controller };
    const body = Buffer.from(await response.arrayBuffer());
    const page: Shared = {
      status: response.status,
      headers: response.headers,
      body,
      stale,
      scriptHashes: isHtml(response.headers) ? inlineScriptHashes(body.toString("utf8")) : null,
    };
    if (response.headers.has("set-cookie")) {
      return { kind: "own", response: new Response(body, { status: response.status, headers: response.headers }), stale, controller };
    }
    const tags = [...facts.tags];
    const written = tags.some((tag) => (writtenAt.get(tag)?.write ?? 0) > writesBefore);
    const storable = page.status === 200 && !stale && !facts.incomplete && !written;
    return { kind: "shared", page, entry: storable ? await store(key, page, tags, facts.personalization) : null };
  }

  /**
   * The render of a key in flight, which whoever asks meanwhile joins; undefined when there is none.
   * `lead` registers one the pipeline has just started (one render per key at a time), with the record it fills.
   */
  const inFlight = (key: string) => flights.get(key)?.outcome;
  function lead(key: string, record: RenderRecord, rendering: Promise<Rendered>, controller: AbortController): Promise<Outcome> {
    // Counted now, as the render starts: a write from here on may have overtaken what it read.
    const outcome = settle(key, rendering, controller, writes);
    flights.set(key, { outcome, record });
    const done = () => {
      if (flights.get(key)?.outcome === outcome) flights.delete(key);
    };
    outcome.then(done, done);
    return outcome;
  }

  /**
   * The stored page of a key while it may be served as it is: fresh, or past that for up to
   * PAGE_STALE_WHILE_REVALIDATE_SECONDS while one render refreshes it (`refresh`: none runs yet, the pipeline starts
   * it). Null when there is none or it is older.
   */
  function servable(key: string): { entry: Entry; fresh: boolean; refresh: boolean } | null {
    const entry = entries.get(key);
    const age = entry ? (now() - entry.storedAt) / 1000 : Infinity;
    if (!entry || age >= PAGE_FRESH_SECONDS + PAGE_STALE_WHILE_REVALIDATE_SECONDS) return null;
    const fresh = age < PAGE_FRESH_SECONDS;
    return { entry, fresh, refresh: !fresh && !flights.has(key) };
  }

  /**
   * A stored page an answer before the pipeline may send as it is: fresh, or stale while the pipeline's refresh runs,
   * and already answered by the pipeline (`sent`, `sentPersonal`). Null otherwise: the pipeline answers.
   */
  function answerable(key: string): { entry: Entry; fresh: boolean } | null {
    const stored = servable(key);
    return stored && (stored.fresh || flights.has(key)) ? stored : null;
  }

  return {
    servable,
    answerable,
    /** Any page of the key, however old: it stands in while the platform fails (stale-if-error). */
    last: (key: string) => entries.get(key),
    inFlight,
    lead,
    drop,
    /** The addresses of the pages stored with a tag, whatever their device class (the URL purge: page-cache/edge-purge.ts). */
    pathsOf: (tag: string) => [...new Set(byTag.keysOf(tag).map((key) => key.slice(key.indexOf(" ") + 1)))],
    /** The page's age as the Age header says it. */
    ageOf: (entry: Entry) => String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))),
    /**
     * Counts what was decided for one request, notes it on its span (`davmu.page_cache`), and logs it at debug: the
     * key's device class and path, never its
     * query. `requestId` for an answer given before the middleware, which runs no request's scope.
     */
    decided(decision: Decision | null, label: string, key: string, requestId?: string) {
      if (decision) counts[decision] += 1;
      noteOnSpan("davmu.page_cache", label);
      logger.debug({ pageCache: label, page: key.split("?", 1)[0], ...(requestId && { requestId }) }, "page cache");
    },
    stats: (): PageCacheStats => ({ entries: entries.size, bytes: entries.calculatedSize, ...counts }),
    close: stopListening,
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
