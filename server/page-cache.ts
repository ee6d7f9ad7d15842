// Long because the store, its render flights and the answers it sends are still one closure (docs/architecture.md,
// "Known debts").
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { isSingleFetchDataPath, SINGLE_FETCH_CONTENT_TYPE } from "../app/framework/remix-internals";
import { deviceClass } from "../app/render/page-device.server";
import { isPreviewRequest } from "../app/lib/preview";
import { hasSessionCookie } from "../app/lib/session-cookie";
import { canonicalUrl } from "../app/lib/share-url";
import type { PageFacts, PersonalPage, Personalize } from "../app/render/page-facts.server";
import { onContentWritten } from "../app/runtime/content-writes.server";
import { acceptedEncodings, brotliAsync, chooseEncoding, gzipAsync, sendCompressedOnce } from "./response-encoding";
import { personalGzip, personalHtml, personalScriptHashes } from "./personal-answer";
import { inlineScriptHashes, withScriptHashes } from "./security-headers";
import { logger } from "../app/runtime/logger.server";

/**
 * The rendered-page cache for anonymous visitors. A visitor without a session cookie sees exactly what every
 * other such visitor on the same kind of device sees, so a page is rendered once and its bytes served to all:
 * keyed by the canonical URL (share noise such as WeChat's `from` and our `_t` dropped, parameters sorted) and
 * the device class the page renders for; stored gzip, brotli and plain with an ETag; bounded by bytes (least
 * recently used go first). Fresh for PAGE_FRESH_SECONDS, then served while one render refreshes it; a page that
 * fails to render again is served stale for PAGE_STALE_IF_ERROR_SECONDS. Concurrent misses wait for one render.
 * A write of this site, in any process, drops the pages of what it changed (app/runtime/content-writes.server.ts).
 * Per process.
 *
 * Only 200 answers with no Set-Cookie, built from fresh upstream answers with none failing, are stored; requests with the
 * session cookie (logged-in visitors, toasts, pending logins) and previews never come here.
 */
export const PAGE_FRESH_SECONDS = 10;
export const PAGE_STALE_WHILE_REVALIDATE_SECONDS = 60;
export const PAGE_STALE_IF_ERROR_SECONDS = 600;

/** What a CDN in front may do with a stored page: the same freshness as here. */
export const SHARED_CACHE_CONTROL =
  `public, max-age=0, s-maxage=${PAGE_FRESH_SECONDS}, ` +
  `stale-while-revalidate=${PAGE_STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${PAGE_STALE_IF_ERROR_SECONDS}`;
/** The request facts a stored page depends on: its encoding, the session cookie's absence, the device class. */
export const SHARED_VARY = "Accept-Encoding, Cookie, User-Agent";

const STALE_WARNING = '110 - "Response is Stale"';

/** One render of a page for a URL, with the upstream staleness and what the page said of itself (tags, incomplete). */
export type PageRender = (url: string, signal: AbortSignal) => Promise<{ response: Response; stale: boolean; page: PageFacts }>;
/** Sends a response that is not shared (a resource route's stream, an answer that sets a cookie) as it is. */
export type SendOwn = (res: ExpressResponse, response: Response, stale: boolean) => Promise<void>;

type Shared = { status: number; headers: Headers; body: Buffer; stale: boolean; scriptHashes: string[] | null };
/**
 * The headers the host's full middleware pipeline sent with a stored page (its security headers and CSP with the
 * page's hashes, the cache's), less those of one answer: as writeHead takes them, name, value, name, value…
 * A hit answered before the pipeline (`answerHit`) sends these, so it says exactly what the pipeline would.
 */
type SentHead = string[];
type Entry = {
  status: number;
  headers: [string, string][];
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  scriptHashes: string[] | null;
  storedAt: number;
  tags: string[];
  /** How a logged-in visitor's page is made from this one; null when it is rendered for them instead. */
  personalize: Personalize | null;
  /** Null until the pipeline has answered the page at its own path: until then every hit goes through it. */
  sent: SentHead | null;
};
type Outcome =
  /** The same for every visitor of the key; `entry` when it was stored. */
  | { kind: "shared"; page: Shared; entry: Entry | null }
  /** For the requester only (it sets a cookie, or is not a page at all): others render their own. */
  | { kind: "own"; response: Response; stale: boolean; controller: AbortController };

export type PageCacheStats = {
  entries: number;
  bytes: number;
  hits: number;
  stale: number;
  joined: number;
  misses: number;
  uncached: number;
  personal: number;
};
/** Makes a stored page's HTML the requesting visitor's (app/render/personal.server.tsx). */
export type MakePersonal = (personalize: Personalize, stored: Buffer) => Promise<PersonalPage>;

/**
 * What a stored page's recorded slots and parts hold beside its bytes (their React elements, their renders kept per
 * visitor), as a size; its pieces cut for logged-in visitors take about its plain and gzip bytes again.
 */
const PERSONALIZE_BYTES = 160 * 1024;

/**
 * Brotli quality 9 with a 64 KiB window: over that window quality 9 builds a hash table of about 24 MB per
 * compression (four at once, one per libuv thread, took the RSS up by 100 MB), with it a small one; on pages of 50 to
 * 400 KB the output was no larger and the work four times faster.
 */
const BROTLI_WINDOW_BITS = 16;
const brotliParams = (size: number) => ({
  [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
  [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
});

function isPreview(target: string): boolean {
  const [pathname, search = ""] = target.split("?", 2) as [string, string?];
  return isPreviewRequest(pathname, search ? `?${search}` : "");
}

/** A request target's path, as asked for: without its query. */
const pathOf = (target: string) => {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
};

/** Whether the request (`target` as it was asked for) may be answered with (and may fill) the shared cache. */
export function isSharedPageRequest(req: IncomingMessage, target: string): boolean {
  return req.method === "GET" && !hasSessionCookie(req.headers.cookie) && !isPreview(target);
}

/** Whether the request is a visitor's own page (they have a session) that may be made from a shared one. */
export function isPersonalPageRequest(req: ExpressRequest): boolean {
  // A client-side navigation's data is rendered for the visitor as it is.
  return req.method === "GET" && hasSessionCookie(req.get("cookie")) && !isPreview(req.originalUrl) && !isSingleFetchDataPath(req.path);
}

/** The URL a shared page is rendered for and stored under: path and canonical query (no share noise, sorted). */
export function sharedPageUrl(originalUrl: string): string {
  const url = new URL(originalUrl, "http://page.invalid");
  // The canonical URL has no fragment: past its origin, its href is its path and query.
  return canonicalUrl(url).slice(url.origin.length);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

const contentType = (headers: Headers) => headers.get("content-type") ?? "";
const isHtml = (headers: Headers) => contentType(headers).startsWith("text/html");
/** Pages and the data of a client-side navigation (Remix single fetch): what is worth reading whole. */
const isPageOrData = (headers: Headers) => isHtml(headers) || contentType(headers).startsWith(SINGLE_FETCH_CONTENT_TYPE);

// Headers that belong to one response, not to the stored page.
const NOT_STORED = new Set(["cache-control", "set-cookie", "content-length", "content-encoding", "date", "etag", "vary", "warning", "age"]);
/**
 * Headers the pipeline sets for one answer of a stored page, not kept in its SentHead: `answerHit` sets its own. A
 * middleware that sets a header from the request before the page cache must add it here.
 */
const PER_ANSWER = new Set(["x-request-id", "age", "x-cache", "warning", "content-encoding", "content-length", "set-cookie"]);

/** What `res` is about to send, less the headers of one answer, in the order and spelling it sends them. */
function sentHead(res: ServerResponse): SentHead {
  const head: SentHead = [];
  // Node's OutgoingMessage has it since 15.13; @types/node declares it on ClientRequest only.
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    if (PER_ANSWER.has(name.toLowerCase())) continue;
    const value = res.getHeader(name) ?? "";
    for (const item of Array.isArray(value) ? value : [value]) head.push(name, String(item));
  }
  return head;
}

/** `now` is the clock (ms) of freshness and expiry; tests pass their own. */
export function createPageCache(options: { maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    perf: { now },
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.plain.length + entry.gzip.length + entry.br.length + 1024 + (entry.personalize ? PERSONALIZE_BYTES + entry.plain.length + entry.gzip.length : 0),
    ttl: (PAGE_FRESH_SECONDS + PAGE_STALE_IF_ERROR_SECONDS) * 1000,
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  const byTag = new Map<string, Set<string>>();
  const flights = new Map<string, Promise<Outcome>>();
  // A render that began before a write of what it shows must not be stored after it: writes are counted.
  let writes = 0;
  const writtenAt = new Map<string, { write: number; at: number }>();
  const counts = { hits: 0, stale: 0, joined: 0, misses: 0, uncached: 0, personal: 0 };
  /**
   * What the cache did for one request, at debug: the key's device class and path, never its query. `requestId` for
   * an answer given before the middleware, which runs no request's scope.
   */
  const decided = (decision: string, key: string, requestId?: string) =>
    logger.debug({ pageCache: decision, page: key.split("?", 1)[0], ...(requestId && { requestId }) }, "page cache");

  function drop(tag: string) {
    writes += 1;
    const at = now();
    writtenAt.set(tag, { write: writes, at });
    // Only renders in flight need the record, and none lasts a minute.
    for (const [old, record] of writtenAt) if (at - record.at > 60_000) writtenAt.delete(old);
    const keys = [...(byTag.get(tag) ?? [])];
    for (const key of keys) entries.delete(key);
    logger.debug({ pageCache: "DROPPED", tag, pages: keys.length }, "page cache");
    // Whoever asks after the write gets a render that began after it.
    flights.clear();
  }
  const stopListening = onContentWritten(({ pages }) => pages.forEach(drop));

  async function store(key: string, page: Shared, tags: string[], personalize: Personalize | null): Promise<Entry> {
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
      personalize,
      sent: null,
    };
    entries.set(key, entry);
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return entry;
  }

  async function renderOnce(key: string, url: string, render: PageRender): Promise<Outcome> {
    const before = writes;
    const controller = new AbortController();
    const { response, stale, page: facts } = await render(url, controller.signal);
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
    const written = tags.some((tag) => (writtenAt.get(tag)?.write ?? 0) > before);
    const storable = page.status === 200 && !stale && !facts.incomplete && !written;
    return { kind: "shared", page, entry: storable ? await store(key, page, tags, facts.personalize) : null };
  }

  /** One render per key at a time; whoever asks meanwhile waits for it. */
  function flight(key: string, url: string, render: PageRender): { outcome: Promise<Outcome>; leader: boolean } {
    const running = flights.get(key);
    if (running) return { outcome: running, leader: false };
    const outcome = renderOnce(key, url, render);
    flights.set(key, outcome);
    const done = () => {
      if (flights.get(key) === outcome) flights.delete(key);
    };
    outcome.then(done, done);
    return { outcome, leader: true };
  }

  function discard(own: Extract<Outcome, { kind: "own" }>) {
    own.controller.abort();
    void own.response.body?.cancel().catch(() => undefined);
  }

  function revalidate(key: string, url: string, render: PageRender) {
    const { outcome, leader } = flight(key, url, render);
    if (!leader) return;
    outcome.then(
      (result) => {
        if (result.kind === "own") discard(result);
      },
      (error: Error) => logger.warn({ err: error, url }, "page refresh failed"),
    );
  }

  function setScriptHashes(res: ExpressResponse, hashes: string[] | null) {
    const policy = res.getHeader("Content-Security-Policy");
    if (hashes && typeof policy === "string") res.setHeader("Content-Security-Policy", withScriptHashes(policy, hashes));
  }

  const ageOf = (entry: Entry) => String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000)));

  function sendEntry(req: ExpressRequest, res: ExpressResponse, entry: Entry, state: string, stale = false) {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
    res.setHeader("Vary", SHARED_VARY);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Age", ageOf(entry));
    res.setHeader("X-Cache", state);
    if (stale) res.setHeader("Warning", STALE_WARNING);
    setScriptHashes(res, entry.scriptHashes);
    // Asked at the page's own path, the pipeline routed that path here: hits of it may be answered before it.
    if (!entry.sent && pathOf(req.originalUrl) === pathOf(sharedPageUrl(req.originalUrl))) entry.sent = sentHead(res);
    if (matchesEtag(req.get("if-none-match"), entry.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = chooseEncoding(req.get("accept-encoding"));
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.plain;
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.end(body);
  }

  /** A shared answer that was not stored (a 404, a page built from stale upstream answers): sent plainly, private. */
  function sendShared(req: ExpressRequest, res: ExpressResponse, page: Shared) {
    res.status(page.status);
    for (const [name, value] of page.headers) if (name.toLowerCase() !== "content-length") res.append(name, value);
    res.setHeader("X-Cache", "MISS");
    if (page.stale) res.setHeader("Warning", STALE_WARNING);
    setScriptHashes(res, page.scriptHashes);
    return sendCompressedOnce(req, res, page.body);
  }

  async function sendOwnOutcome(res: ExpressResponse, outcome: Extract<Outcome, { kind: "own" }>, sendOwn: SendOwn) {
    // A stream for this visitor alone (an event stream, say) stops when they leave.
    const stop = () => {
      if (!res.writableFinished) outcome.controller.abort();
    };
    if (res.destroyed) stop();
    else res.on("close", stop);
    if (isHtml(outcome.response.headers)) setScriptHashes(res, inlineScriptHashes(await outcome.response.clone().text()));
    await sendOwn(res, outcome.response, outcome.stale);
  }

  const keyOf = (target: string, userAgent: string | undefined) => {
    const url = sharedPageUrl(target);
    return { url, key: `${deviceClass(userAgent ?? "")} ${url}` };
  };

  /**
   * The stored page of a key while it may be served as it is: fresh, or past that for up to
   * PAGE_STALE_WHILE_REVALIDATE_SECONDS while one render refreshes it. Null when there is none or it is older.
   */
  function servable(key: string, url: string, render: PageRender): { entry: Entry; fresh: boolean } | null {
    const entry = entries.get(key);
    const age = entry ? (now() - entry.storedAt) / 1000 : Infinity;
    if (!entry || age >= PAGE_FRESH_SECONDS + PAGE_STALE_WHILE_REVALIDATE_SECONDS) return null;
    const fresh = age < PAGE_FRESH_SECONDS;
    if (!fresh) revalidate(key, url, render);
    return { entry, fresh };
  }

  /** The stored page for a visitor's own page: servable, else rendered (and stored) now; else stale-if-error. */
  async function storedForVisitor(key: string, url: string, render: PageRender): Promise<Entry | null> {
    const stored = servable(key, url, render);
    if (stored) return stored.entry;
    const entry = entries.get(key);
    const { outcome, leader } = flight(key, url, render);
    const result = await outcome.catch(() => null);
    if (result?.kind === "own" && leader) discard(result);
    if (result?.kind === "shared" && result.entry) return result.entry;
    // The platform is down: the page seen last stands in, as for anonymous visitors.
    return !result || (result.kind === "shared" && result.page.status >= 500) ? (entry ?? null) : null;
  }

  /**
   * A logged-in visitor's page (any request with a session): the page stored for anonymous visitors with the
   * visitor's own parts put in, rendered for everyone first when it is not stored. A page that cannot be made so
   * (a route with other per-visitor state, a redirect, a 404) is rendered for them by `fresh`.
   */
  async function servePersonal(req: ExpressRequest, res: ExpressResponse, render: PageRender, makePersonal: MakePersonal, fresh: () => Promise<void>) {
    const { key, url } = keyOf(req.originalUrl, req.get("user-agent"));
    const entry = await storedForVisitor(key, url, render);
    // Only a 200 page is stored, and only a page's render (never a navigation's data) says how it is made personal.
    if (!entry?.personalize) {
      decided("PERSONAL RENDERED", key);
      return fresh();
    }
    let page: PersonalPage;
    try {
      page = await makePersonal(entry.personalize, entry.plain);
    } catch (error) {
      logger.warn({ err: error, url }, "personal page not made from the stored one");
      return fresh();
    }
    counts.personal += 1;
    decided("PERSONAL", key);
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Cache", "PERSONAL");
    if (page.setCookie) res.append("Set-Cookie", page.setCookie);
    setScriptHashes(res, personalScriptHashes(page));
    // Gzip is made from the stored page's compressed pieces (server/personal-answer.ts): preferred to brotli.
    if (!acceptedEncodings(req.get("accept-encoding"))("gzip")) return sendCompressedOnce(req, res, personalHtml(page));
    const body = await personalGzip(page);
    res.vary("Accept-Encoding");
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", String(body.length));
    res.end(body);
  }

  async function serve(req: ExpressRequest, res: ExpressResponse, render: PageRender, sendOwn: SendOwn): Promise<void> {
    const { key, url } = keyOf(req.originalUrl, req.get("user-agent"));
    const stored = servable(key, url, render);
    if (stored) {
      counts[stored.fresh ? "hits" : "stale"] += 1;
      decided(stored.fresh ? "HIT" : "STALE", key);
      return sendEntry(req, res, stored.entry, stored.fresh ? "HIT" : "STALE");
    }

    // Kept for stale-if-error: a page too old to serve as it is still stands in for one that cannot be rendered.
    const entry = entries.get(key);
    const { outcome, leader } = flight(key, url, render);
    let result: Outcome;
    try {
      result = await outcome;
    } catch (error) {
      // Stale-if-error: a page seen in the last minutes stands in while it cannot be rendered again.
      if (!entry) throw error;
      counts.stale += 1;
      decided("STALE IF ERROR", key);
      return sendEntry(req, res, entry, "STALE", true);
    }
    if (result.kind === "own") {
      counts.uncached += 1;
      decided("UNCACHED", key);
      if (leader && url === req.originalUrl) return sendOwnOutcome(res, result, sendOwn);
      // Not the same for everyone after all (a redirect, a resource route): this visitor's own URL, rendered for them.
      if (leader) discard(result);
      const controller = new AbortController();
      const own = await render(req.originalUrl, controller.signal);
      return sendOwnOutcome(res, { kind: "own", response: own.response, stale: own.stale, controller }, sendOwn);
    }
    counts[leader ? "misses" : "joined"] += 1;
    decided(`${leader ? "MISS" : "JOINED"}${result.entry ? "" : ", not stored"}`, key);
    if (result.page.status >= 500 && entry) return sendEntry(req, res, entry, "STALE", true);
    if (result.entry) return sendEntry(req, res, result.entry, leader ? "MISS" : "JOINED");
    await sendShared(req, res, result.page);
  }

  /**
   * A fresh stored page, answered before the host's middleware (server/stored-page-hits.ts, which checks the request's
   * shape first): the headers the pipeline sent with it, with this answer's own. False, with nothing sent, when the
   * request is anything else (stale, not stored, another path to it, no encoding the page is stored in): the
   * pipeline answers those.
   */
  function answerHit(req: IncomingMessage, res: ServerResponse, target: string, requestId: string): boolean {
    if (!isSharedPageRequest(req, target)) return false;
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    // The compression middleware may still encode a plain answer (deflate) on the pipeline.
    if (encoding === "identity") return false;
    const { key, url } = keyOf(target, req.headers["user-agent"]);
    const entry = entries.get(key);
    if (!entry?.sent || pathOf(target) !== pathOf(url)) return false;
    const age = (now() - entry.storedAt) / 1000;
    const fresh = age < PAGE_FRESH_SECONDS;
    // Past that, the pipeline starts the render that refreshes it; while that runs, the page is served as it is.
    if (!fresh && !(age < PAGE_FRESH_SECONDS + PAGE_STALE_WHILE_REVALIDATE_SECONDS && flights.has(key))) return false;
    counts[fresh ? "hits" : "stale"] += 1;
    decided(fresh ? "HIT" : "STALE", key, requestId);
    const head = ["X-Request-Id", requestId, ...entry.sent, "Age", ageOf(entry), "X-Cache", fresh ? "HIT" : "STALE"];
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, head).end();
      return true;
    }
    const body = encoding === "br" ? entry.br : entry.gzip;
    head.push("Content-Encoding", encoding, "Content-Length", String(body.length));
    res.writeHead(entry.status, head).end(body);
    return true;
  }

  return {
    serve,
    answerHit,
    servePersonal,
    drop,
    stats: (): PageCacheStats => ({ entries: entries.size, bytes: entries.calculatedSize, ...counts }),
    close: stopListening,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
