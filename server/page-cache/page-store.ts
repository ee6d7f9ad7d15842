import { createHash } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";
import { LRUCache } from "lru-cache";
import { SINGLE_FETCH_CONTENT_TYPE } from "../../app/framework/remix-internals";
import type { StoredPersonalization } from "../../app/render/stored-personalization";
import { createKeyIndex } from "../../app/lib/key-index";
import type { RenderRecord } from "../../app/render/render-record.server";
import { onContentWritten } from "../../app/runtime/content-writes.server";
import { logger } from "../../app/runtime/logger.server";
import type { PageCacheStats } from "../../app/runtime/metrics.server";
import { noteOnSpan } from "../../app/runtime/tracing.server";
import { brotliAsync, gzipAsync } from "./response-encoding";
import { inlineScriptHashes } from "../middleware";

/** The store decides, the pipeline renders and sends (docs/page-cache.md). */
export const PAGE_FRESH_SECONDS = 10;
export const PAGE_STALE_WHILE_REVALIDATE_SECONDS = 60;
export const PAGE_STALE_IF_ERROR_SECONDS = 600;

export type Rendered = { response: Response; stale: boolean; record: RenderRecord };

export type AnonymousPage = { status: number; headers: Headers; body: Buffer; stale: boolean; scriptHashes: string[] | null };
/** The pipeline's headers for a stored page, less one answer's, so an answer before the pipeline says the same. */
export type SentHead = string[];
export type Entry = {
  status: number;
  headers: [string, string][];
  /** The page is kept compressed only: a visitor without gzip or brotli, and a logged-in visitor's first cut, inflate the gzip. */
  gzip: Buffer;
  br: Buffer;
  /** The HTML's size: what a cut for logged-in visitors holds of it is counted in the entry's size. */
  htmlBytes: number;
  etag: string;
  scriptHashes: string[] | null;
  storedAt: number;
  tags: string[];
  /** How a logged-in visitor's page is made from this one; null when it is rendered for them instead. */
  personalization: StoredPersonalization | null;
  /** Null until the pipeline has answered the page at its own path: until then every hit goes through it. */
  sent: SentHead | null;
  /** Its CSP still holds the pipeline's nonce, for the personal parts' hashes. */
  sentPersonal: SentHead | null;
};
export type Outcome =
  | { kind: "anonymous"; page: AnonymousPage; entry: Entry | null }
  /** It sets a cookie, or is not a page at all: others render their own. */
  | { kind: "own"; response: Response; stale: boolean; controller: AbortController };

export type Decision = keyof Omit<PageCacheStats, "entries" | "bytes">;

/** What a stored page's slots and parts hold beside its bytes, as a size. */
const PERSONALIZE_BYTES = 160 * 1024;

/** A wider window made quality 9 build a hash table per compression that drove RSS up (docs/benchmarks.md). */
const BROTLI_WINDOW_BITS = 16;
const brotliParams = (size: number) => ({
  [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
  [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
});

const contentType = (headers: Headers) => headers.get("content-type") ?? "";
export const isHtml = (headers: Headers) => contentType(headers).startsWith("text/html");
const isPageOrData = (headers: Headers) => isHtml(headers) || contentType(headers).startsWith(SINGLE_FETCH_CONTENT_TYPE);

const NOT_STORED = new Set(["cache-control", "set-cookie", "content-length", "content-encoding", "date", "etag", "vary", "warning", "age"]);

export function createPageStore(options: { maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    perf: { now },
    maxSize: options.maxBytes,
    sizeCalculation: (entry) =>
      entry.gzip.length + entry.br.length + 1024 + (entry.personalization ? PERSONALIZE_BYTES + entry.htmlBytes + entry.gzip.length : 0),
    ttl: (PAGE_FRESH_SECONDS + PAGE_STALE_IF_ERROR_SECONDS) * 1000,
    dispose: (entry, key) => {
      for (const tag of entry.tags) byTag.remove(tag, key);
    },
  });
  const byTag = createKeyIndex();
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
    // A render that has not read the tag yet reads after the write and is left alone; its tags are known only as it goes.
    for (const [key, flight] of flights) if (flight.record.tags.has(tag)) flights.delete(key);
    logger.debug({ pageCache: "DROPPED", tag, pages: keys.length }, "page cache");
  }
  const stopListening = onContentWritten(({ pages }) => pages.forEach(drop));

  async function store(key: string, page: AnonymousPage, tags: string[], personalization: StoredPersonalization | null): Promise<Entry> {
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(page.body, { level: 9 }),
      brotliAsync(page.body, { params: brotliParams(page.body.length) }),
    ]);
    const entry: Entry = {
      status: page.status,
      headers: [...page.headers].filter(([name]) => !NOT_STORED.has(name.toLowerCase())),
      gzip: gzipped,
      br: brotli,
      htmlBytes: page.body.length,
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

  async function settle(key: string, rendering: Promise<Rendered>, controller: AbortController, writesBefore: number): Promise<Outcome> {
    const { response, stale, record } = await rendering;
    if (!isPageOrData(response.headers)) return { kind: "own", response, stale, controller };
    const body = Buffer.from(await response.arrayBuffer());
    const page: AnonymousPage = {
      status: response.status,
      headers: response.headers,
      body,
      stale,
      scriptHashes: isHtml(response.headers) ? inlineScriptHashes(body.toString("utf8")) : null,
    };
    if (response.headers.has("set-cookie")) {
      return { kind: "own", response: new Response(body, { status: response.status, headers: response.headers }), stale, controller };
    }
    const tags = [...record.tags];
    const written = tags.some((tag) => (writtenAt.get(tag)?.write ?? 0) > writesBefore);
    const storable = page.status === 200 && !stale && !record.incomplete && !written;
    return { kind: "anonymous", page, entry: storable ? await store(key, page, tags, record.personalization) : null };
  }

  const inFlight = (key: string) => flights.get(key)?.outcome;
  function lead(key: string, record: RenderRecord, rendering: Promise<Rendered>, controller: AbortController): Promise<Outcome> {
    // Counted as the render starts: a write from here on may have overtaken what it read.
    const outcome = settle(key, rendering, controller, writes);
    flights.set(key, { outcome, record });
    const done = () => {
      if (flights.get(key)?.outcome === outcome) flights.delete(key);
    };
    outcome.then(done, done);
    return outcome;
  }

  /** `refresh`: the page is past fresh and no render refreshes it yet, so the pipeline starts one. */
  function servable(key: string): { entry: Entry; fresh: boolean; refresh: boolean } | null {
    const entry = entries.get(key);
    const age = entry ? (now() - entry.storedAt) / 1000 : Infinity;
    if (!entry || age >= PAGE_FRESH_SECONDS + PAGE_STALE_WHILE_REVALIDATE_SECONDS) return null;
    const fresh = age < PAGE_FRESH_SECONDS;
    return { entry, fresh, refresh: !fresh && !flights.has(key) };
  }

  /** Stale only while the pipeline's refresh runs; the caller also needs `sent` (or `sentPersonal`). */
  function answerable(key: string): { entry: Entry; fresh: boolean } | null {
    const stored = servable(key);
    return stored && (stored.fresh || flights.has(key)) ? stored : null;
  }

  return {
    servable,
    answerable,
    /** Stands in while the platform fails (stale-if-error). */
    last: (key: string) => entries.get(key),
    inFlight,
    lead,
    drop,
    pathsOf: (tag: string) => [...new Set(byTag.keysOf(tag).map((key) => key.slice(key.indexOf(" ") + 1)))],
    ageOf: (entry: Entry) => String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))),
    /** Logs the key's path, never its query. `requestId` for an answer before the middleware, which has no request scope. */
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
