import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { newRenderRecord, type RenderRecord } from "../../app/render/render-record.server";
import type { PersonalPage, StoredPersonalization } from "../../app/render/stored-personalization";
import { logger } from "../../app/runtime/logger.server";
import {
  isHtml,
  PAGE_FRESH_SECONDS,
  PAGE_STALE_IF_ERROR_SECONDS,
  PAGE_STALE_WHILE_REVALIDATE_SECONDS,
  type Entry,
  type Outcome,
  type PageStore,
  type Rendered,
  type SentHead,
  type AnonymousPage,
} from "./page-store";
import { isStoredPageRequest, pageKey, pathOf } from "./request-rules";
import { personalGzip, personalHtml, personalScriptHashes } from "./personal-answer";
import { acceptedEncodings, chooseEncoding, sendCompressedOnce } from "./response-encoding";
import { inlineScriptHashes, withScriptHashes } from "../middleware";

export const STORED_CACHE_CONTROL =
  `public, max-age=0, s-maxage=${PAGE_FRESH_SECONDS}, ` +
  `stale-while-revalidate=${PAGE_STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${PAGE_STALE_IF_ERROR_SECONDS}`;
export const STORED_VARY = "Accept-Encoding, Cookie, User-Agent";
const PERSONAL_CACHE_CONTROL = "private, no-store";
const STALE_WARNING = '110 - "Response is Stale"';

export type PageRender = (url: string, signal: AbortSignal, record: RenderRecord) => Promise<Rendered>;
export type SendOwn = (res: ExpressResponse, response: Response, stale: boolean) => Promise<void>;
/** `storedGzip`: the stored page as kept, gzipped; the same Buffer for as long as the page is stored. */
export type MakePersonal = (personalization: StoredPersonalization, storedGzip: Buffer) => Promise<PersonalPage>;

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Set per answer, so not kept in a SentHead: a middleware that sets one from the request must add it here. */
const PER_ANSWER = new Set(["x-request-id", "age", "x-cache", "warning", "content-encoding", "content-length", "set-cookie"]);

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

function setScriptHashes(res: ServerResponse, hashes: string[] | null) {
  const policy = res.getHeader("Content-Security-Policy");
  if (hashes && typeof policy === "string") res.setHeader("Content-Security-Policy", withScriptHashes(policy, hashes));
}

function discard(own: Extract<Outcome, { kind: "own" }>) {
  own.controller.abort();
  void own.response.body?.cancel().catch(() => undefined);
}

function flight(store: PageStore, key: string, url: string, render: PageRender): { outcome: Promise<Outcome>; leader: boolean } {
  const running = store.inFlight(key);
  if (running) return { outcome: running, leader: false };
  const controller = new AbortController();
  const record = newRenderRecord();
  return { outcome: store.lead(key, record, render(url, controller.signal, record), controller), leader: true };
}

function servable(store: PageStore, key: string, url: string, render: PageRender) {
  const stored = store.servable(key);
  if (stored?.refresh) {
    flight(store, key, url, render).outcome.then(
      (result) => {
        if (result.kind === "own") discard(result);
      },
      (error: Error) => logger.warn({ err: error, url }, "page refresh failed"),
    );
  }
  return stored;
}

function sendEntry(store: PageStore, req: ExpressRequest, res: ExpressResponse, entry: Entry, state: string, stale = false) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", STORED_CACHE_CONTROL);
  res.setHeader("Vary", STORED_VARY);
  // For an edge in front to purge it by too (server/page-cache/edge-purge.ts).
  if (entry.tags.length > 0) res.setHeader("Surrogate-Key", entry.tags.join(" "));
  res.setHeader("ETag", entry.etag);
  res.setHeader("Age", store.ageOf(entry));
  res.setHeader("X-Cache", state);
  if (stale) res.setHeader("Warning", STALE_WARNING);
  setScriptHashes(res, entry.scriptHashes);
  // Asked at the page's own path, the pipeline routed that path here: hits of it may be answered before it.
  if (!entry.sent && pathOf(req.originalUrl) === pathOf(storedUrlOf(req))) entry.sent = sentHead(res);
  if (matchesEtag(req.get("if-none-match"), entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = chooseEncoding(req.get("accept-encoding"));
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : gunzipSync(entry.gzip);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

const storedUrlOf = (req: ExpressRequest) => pageKey(req.originalUrl, undefined).url;

function sendAnonymous(req: ExpressRequest, res: ExpressResponse, page: AnonymousPage) {
  res.status(page.status);
  for (const [name, value] of page.headers) if (name.toLowerCase() !== "content-length") res.append(name, value);
  res.setHeader("X-Cache", "MISS");
  if (page.stale) res.setHeader("Warning", STALE_WARNING);
  setScriptHashes(res, page.scriptHashes);
  return sendCompressedOnce(req, res, page.body);
}

async function sendOwnOutcome(res: ExpressResponse, outcome: Extract<Outcome, { kind: "own" }>, sendOwn: SendOwn) {
  const stop = () => {
    if (!res.writableFinished) outcome.controller.abort();
  };
  if (res.destroyed) stop();
  else res.on("close", stop);
  if (isHtml(outcome.response.headers)) setScriptHashes(res, inlineScriptHashes(await outcome.response.clone().text()));
  await sendOwn(res, outcome.response, outcome.stale);
}

export async function serveStored(store: PageStore, req: ExpressRequest, res: ExpressResponse, render: PageRender, sendOwn: SendOwn): Promise<void> {
  const { key, url } = pageKey(req.originalUrl, req.get("user-agent"));
  const stored = servable(store, key, url, render);
  if (stored) {
    const state = stored.fresh ? "HIT" : "STALE";
    store.decided(stored.fresh ? "hits" : "stale", state, key);
    return sendEntry(store, req, res, stored.entry, state);
  }

  // A page too old to serve still stands in for one that cannot be rendered (stale-if-error).
  const entry = store.last(key);
  const { outcome, leader } = flight(store, key, url, render);
  let result: Outcome;
  try {
    result = await outcome;
  } catch (error) {
    if (!entry) throw error;
    store.decided("stale", "STALE IF ERROR", key);
    return sendEntry(store, req, res, entry, "STALE", true);
  }
  if (result.kind === "own") {
    store.decided("uncached", "UNCACHED", key);
    if (leader && url === req.originalUrl) return sendOwnOutcome(res, result, sendOwn);
    // Not the same for everyone after all (a redirect, a resource route): rendered for this visitor's own URL.
    if (leader) discard(result);
    const controller = new AbortController();
    const own = await render(req.originalUrl, controller.signal, newRenderRecord());
    return sendOwnOutcome(res, { kind: "own", response: own.response, stale: own.stale, controller }, sendOwn);
  }
  store.decided(leader ? "misses" : "joined", `${leader ? "MISS" : "JOINED"}${result.entry ? "" : ", not stored"}`, key);
  if (result.page.status >= 500 && entry) return sendEntry(store, req, res, entry, "STALE", true);
  if (result.entry) return sendEntry(store, req, res, result.entry, leader ? "MISS" : "JOINED");
  await sendAnonymous(req, res, result.page);
}

async function storedForVisitor(store: PageStore, key: string, url: string, render: PageRender): Promise<Entry | null> {
  const stored = servable(store, key, url, render);
  if (stored) return stored.entry;
  const entry = store.last(key);
  const { outcome, leader } = flight(store, key, url, render);
  const result = await outcome.catch(() => null);
  if (result?.kind === "own" && leader) discard(result);
  if (result?.kind === "anonymous" && result.entry) return result.entry;
  return !result || (result.kind === "anonymous" && result.page.status >= 500) ? (entry ?? null) : null;
}

const takesGzip = (acceptEncoding: string | undefined) => acceptedEncodings(acceptEncoding)("gzip");

/** The anonymous page with the visitor's own parts put in; one that cannot be made so is rendered by `fresh`. */
export async function servePersonal(
  store: PageStore,
  req: ExpressRequest,
  res: ExpressResponse,
  render: PageRender,
  makePersonal: MakePersonal,
  fresh: () => Promise<void>,
) {
  const { key, url } = pageKey(req.originalUrl, req.get("user-agent"));
  const entry = await storedForVisitor(store, key, url, render);
  // Only a page's render (never a navigation's data) says how it is made personal.
  if (!entry?.personalization) {
    store.decided(null, "PERSONAL RENDERED", key);
    return fresh();
  }
  let page: PersonalPage;
  try {
    page = await makePersonal(entry.personalization, entry.gzip);
  } catch (error) {
    logger.warn({ err: error, url }, "personal page not made from the stored one");
    return fresh();
  }
  store.decided("personal", "PERSONAL", key);
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
  const own = () => {
    res.setHeader("X-Cache", "PERSONAL");
    if (page.setCookies.length) res.append("Set-Cookie", page.setCookies);
    setScriptHashes(res, personalScriptHashes(page));
  };
  if (!takesGzip(req.get("accept-encoding"))) {
    own();
    return sendCompressedOnce(req, res, personalHtml(page));
  }
  // Gzip is built from the stored compressed pieces (server/page-cache/personal-answer.ts), so preferred to brotli.
  const body = await personalGzip(page);
  res.vary("Accept-Encoding");
  // Taken before this answer's own headers: the policy still has its nonce, which the next visitor's hashes replace.
  if (!entry.sentPersonal && pathOf(req.originalUrl) === pathOf(url)) entry.sentPersonal = sentHead(res);
  own();
  res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

function answerableEntry(store: PageStore, req: IncomingMessage, target: string) {
  const { key, url } = pageKey(target, req.headers["user-agent"]);
  if (pathOf(target) !== pathOf(url)) return null;
  const stored = store.answerable(key);
  return stored && { ...stored, key };
}

/** False, with nothing sent, when the pipeline must answer instead (not stored, another path to it, no stored encoding). */
export function answerHit(store: PageStore, req: IncomingMessage, res: ServerResponse, target: string, requestId: string): boolean {
  if (!isStoredPageRequest(req, target)) return false;
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  // The compression middleware may still encode a plain answer (deflate) on the pipeline.
  if (encoding === "identity") return false;
  const stored = answerableEntry(store, req, target);
  const sent = stored?.entry.sent;
  if (!stored || !sent) return false;
  const { entry, fresh, key } = stored;
  const state = fresh ? "HIT" : "STALE";
  store.decided(fresh ? "hits" : "stale", state, key, requestId);
  const head = ["X-Request-Id", requestId, ...sent, "Age", store.ageOf(entry), "X-Cache", state];
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
    res.writeHead(304, head).end();
    return true;
  }
  const body = encoding === "br" ? entry.br : entry.gzip;
  head.push("Content-Encoding", encoding, "Content-Length", String(body.length));
  res.writeHead(entry.status, head).end(body);
  return true;
}

export type MadeAnswer = { status: number; head: string[]; body: Buffer };

/** Null when the pipeline must answer; false when `makePersonal` failed. */
export function answerPersonal(
  store: PageStore,
  req: IncomingMessage,
  target: string,
  requestId: string,
  makePersonal: MakePersonal,
): Promise<MadeAnswer | false> | null {
  if (!takesGzip(req.headers["accept-encoding"])) return null;
  const stored = answerableEntry(store, req, target);
  const sent = stored?.entry.sentPersonal;
  const personalization = stored?.entry.personalization;
  if (!stored || !sent || !personalization) return null;
  const { entry, key } = stored;
  return (async () => {
    let page: PersonalPage;
    try {
      page = await makePersonal(personalization, entry.gzip);
    } catch (error) {
      logger.warn({ err: error, url: pathOf(target), requestId }, "personal page not made from the stored one");
      return false;
    }
    const body = await personalGzip(page);
    store.decided("personal", "PERSONAL", key, requestId);
    const hashes = personalScriptHashes(page);
    const head = ["X-Request-Id", requestId];
    for (let at = 0; at < sent.length; at += 2) {
      const name = sent[at]!;
      head.push(name, name.toLowerCase() === "content-security-policy" ? withScriptHashes(sent[at + 1]!, hashes) : sent[at + 1]!);
    }
    head.push("X-Cache", "PERSONAL");
    for (const setCookie of page.setCookies) head.push("Set-Cookie", setCookie);
    head.push("Content-Encoding", "gzip", "Content-Length", String(body.length));
    return { status: entry.status, head, body };
  })();
}
