// `npm run bench`: measures the built host (build/server.js) on this machine and prints a Markdown report:
// article SSR under load against a static file of the same bytes, the article page's gzipped HTML and JS,
// and Lighthouse mobile scores of the article, the home, a list, search results, a dejin detail and a dimim post,
// a row per content type (Lighthouse scores and first-load JS), a live broadcast's fan-out to 2,000 viewers, and an
// upstream-kill run (the platform stopped under load, then restarted), and a 5-minute soak (a mix of visitors, RSS
// sampled throughout). A missed target is reported, not fatal; a
// failed measurement exits non-zero. Parts that run alone: `node scripts/bench.mjs --only=upstream-kill`;
// `--only=page-cache` (static copy, anonymous first visit, anonymous returning visitor and logged-in visitor of the
// article); `--only=live` (the live fan-out row); `--only=workers` (one process against build/cluster.js with one
// worker per core, for a logged-in visitor); `--only=soak` (the soak row).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readdir, readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import Hashids from "hashids";
import lighthouse from "lighthouse";
import { tsImport } from "tsx/esm/api";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_ENTRY = path.join(ROOT, "build/server.js");
const CLUSTER_ENTRY = path.join(ROOT, "build/cluster.js");
const STATIC_COPY = path.join(ROOT, "build/client/bench-static.html");
const BASE_PATH = "/davmu/share/";
// The server's ids, so the bench can name a seeded list (platform/seed-lists.ts: list 1 is 城市更新观察).
const HASHIDS = { salt: "davmu-share-bench", minLength: 8 };
const LIST_DB_ID = 1;
const SEARCH_KEYWORD = "临江";

// Android Chrome, the phone most share links are opened on outside WeChat (and the device Lighthouse emulates).
const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const LIGHTHOUSE_TARGET = 95;
// 1 KB = 1000 bytes: the stricter reading of the 120 KB budget.
const JS_BUDGET_BYTES = 120_000;
// The article's own target in the per-type table: its first-load JavaScript must not grow past this.
const ARTICLE_JS_TARGET_BYTES = 100_000;

// The content types with a page of their own besides the article, by platform content_type, with the path
// segment of their detail page (app/lib/content-types.ts). BENCH_TYPES=video,image limits a run to some of them.
const TYPE_PAGES = [
  { type: "video", segment: "video" },
  { type: "svideo", segment: "svideo" },
  { type: "audio", segment: "audio" },
  { type: "image", segment: "gallery" },
  { type: "audio_album", segment: "audio_album" },
  { type: "video_album", segment: "video_album" },
  { type: "mini_program", segment: "mini_program" },
  { type: "special", segment: "special" },
];


// Every child still running: an interrupted bench must leave no server or browser behind.
const running = new Set();
let interrupted = false;
function track(child) {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last lines a child printed, to show them if it dies. */
function tail(stream, lines) {
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    lines.push(...chunk.split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  });
}

// The site's processes start with these (build/cluster.js gives them to its workers): the bench's server too.
const { nativeMemoryEnv, withHeapSettings } = await tsImport("../server/process-memory.ts", import.meta.url);

async function startServer(dataDir, extraEnv = {}, entry = SERVER_ENTRY) {
  const port = await freePort();
  const output = [];
  const child = track(spawn(process.execPath, [...withHeapSettings([], process.env.NODE_OPTIONS), entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...nativeMemoryEnv(process.env),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PLATFORM_DB_PATH: path.join(dataDir, "platform.sqlite"),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      HASHIDS_SALT: HASHIDS.salt,
      HASHIDS_MIN_LENGTH: String(HASHIDS.minLength),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  }));
  tail(child.stdout, output);
  tail(child.stderr, output);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, exited, output, origin: `http://localhost:${port}` };
}

/** The platform on its own (what `npm run platform` starts), on `port`, over the database in `dataDir`. */
function startPlatform(dataDir, port) {
  const output = [];
  const child = track(spawn(process.execPath, ["--import", "tsx", "platform/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PLATFORM_DB_PATH: path.join(dataDir, "platform.sqlite"),
      // The same ids as the site's: the site and the platform must agree on them.
      HASHIDS_SALT: HASHIDS.salt,
      HASHIDS_MIN_LENGTH: String(HASHIDS.minLength),
    },
    stdio: ["ignore", "pipe", "pipe"],
  }));
  tail(child.stdout, output);
  tail(child.stderr, output);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, exited, output, origin: `http://127.0.0.1:${port}` };
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

async function waitForOk(server, pathname, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(server.origin + pathname)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${pathname} did not answer 200 ${exited ? "(the server exited)" : `within ${timeoutMs} ms`}`);
}

async function get(url, headers) {
  const response = await fetch(url, { headers: { "user-agent": MOBILE_UA, ...headers }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, expected 200`);
  return response;
}

function attributes(tag) {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value]));
}

/** Every script the HTML makes the browser fetch up front: <script src> and <link rel="modulepreload">. */
function scriptUrls(html, pageUrl) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const { src } = attributes(tag);
    if (src) urls.add(new URL(src.replaceAll("&amp;", "&"), pageUrl).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const { rel, href } = attributes(tag);
    if (rel === "modulepreload" && href) urls.add(new URL(href.replaceAll("&amp;", "&"), pageUrl).href);
  }
  return [...urls];
}

/** Every script the page's HTML makes the browser fetch up front, each compressed with gzip -9, summed. */
async function firstLoadJs(html, pageUrl) {
  const scripts = scriptUrls(html, pageUrl);
  let bytes = 0;
  for (const url of scripts) bytes += gzipSync(Buffer.from(await (await get(url)).arrayBuffer()), { level: 9 }).length;
  return { bytes, count: scripts.length };
}

/** Every published content item the embedded platform lists (up to 500), newest first. */
async function publishedContent(origin) {
  const auth = await fetch(`${origin}/_platform/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  });
  const token = (await auth.json()).data?.token;
  if (!token) throw new Error("the embedded platform gave no anonymous token");
  const items = [];
  for (let page = 1; page <= 10; page++) {
    const answer = await (await fetch(`${origin}/_platform/peony/v1/content?pagesize=50&pageindex=${page}`, { headers: { authorization: token } })).json();
    const list = answer.data?.list ?? [];
    items.push(...list);
    if (list.length < 50) break;
  }
  return items;
}

/** A content's detail page on the site, by its page's path segment (special topics have their short address). */
function detailPath(segment, postId) {
  const id = encodeURIComponent(postId);
  return segment === "special" ? `${BASE_PATH}special/${id}/index` : `${BASE_PATH}news/${segment}/${id}/index.html`;
}

/**
 * The detail page of the newest published content of each wanted type, read from the platform's own list (the
 * home page links only some types). The short form of the address (no year and month) serves the same page.
 */
async function typePageUrls(origin, wanted) {
  const found = new Map();
  for (const item of await publishedContent(origin)) {
    const entry = wanted.find((candidate) => candidate.type === item.content_type);
    if (entry && !found.has(entry.type)) {
      found.set(entry.type, `${origin}${detailPath(entry.segment, item.post_id)}`);
    }
  }
  const missing = wanted.filter(({ type }) => !found.has(type)).map(({ type }) => type);
  if (missing.length) throw new Error(`the platform lists no published ${missing.join(", ")}`);
  return wanted.map(({ type }) => ({ type, url: found.get(type) }));
}

// The tip-off and community areas: a clue with two pictures, comments and related clues (platform/seed-dejin.ts,
// DEJIN_FIXTURES.clue) and a circle post with three pictures and twelve replies (seed-community.ts, COMMUNITY_FIXTURES.post).
const CLUE_DB_ID = 201;
const CIRCLE_POST_DB_ID = 1;

/** The Lighthouse rows of the areas that are not one content item: a dejin detail and a dimim post. */
function areaPages(origin) {
  const ids = new Hashids(HASHIDS.salt, HASHIDS.minLength);
  return [
    ["dejin detail", `${origin}${BASE_PATH}dejin/detail/${ids.encode(CLUE_DB_ID)}/index`],
    ["dimim post", `${origin}${BASE_PATH}dimim/content/index?id=${ids.encode(CIRCLE_POST_DB_ID)}`],
  ];
}

async function load(url, headers, seconds, requests) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, ...(requests && { requests }) });
  // A revalidation answered 304 is a success.
  const notModified = result.statusCodeStats?.["304"]?.count ?? 0;
  const failures = result.non2xx - notModified + result.errors + result.timeouts;
  if (failures > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`);
  }
  return result;
}

// The upstream-kill run: a steady load on pages rendered moments before, the platform killed, then restarted.
const KILL_CONCURRENCY = 20;
const KILL_BEFORE_SECONDS = 5;
const KILL_DOWN_SECONDS = 15;
const KILL_AFTER_SECONDS = 10;
const RECOVERY_TARGET_SECONDS = 5;

/** Keeps `concurrency` requests in flight over `urls` until `stop()`, recording when each ended, its status and staleness. */
function steadyLoad(urls, headers, concurrency) {
  const results = [];
  let stopped = false;
  let next = 0;
  const worker = async () => {
    while (!stopped) {
      const url = urls[next++ % urls.length];
      try {
        const response = await fetch(url, { headers, redirect: "manual" });
        await response.arrayBuffer();
        results.push({ at: Date.now(), status: response.status, stale: (response.headers.get("warning") ?? "").startsWith("110") });
      } catch {
        results.push({ at: Date.now(), status: 0, stale: false });
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    results,
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function untilPlatformAnswers(platform, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (platform.child.exitCode !== null) throw new Error(`the platform exited:\n${platform.output.join("\n")}`);
    const ok = await fetch(`${platform.origin}/peony/v1/group`).then((r) => r.ok, () => false);
    if (ok) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the platform did not answer within ${timeoutMs} ms:\n${platform.output.join("\n")}`);
}

async function measureUpstreamKill(workDir) {
  const platformPort = await freePort();
  let platform = startPlatform(workDir, platformPort);
  const server = await startServer(workDir, { PLATFORM_API_URL: platform.origin });
  try {
    await untilPlatformAnswers(platform, 60_000);
    await waitForOk(server, `${BASE_PATH}healthz`, 60_000);
    await waitForOk(server, `${BASE_PATH}readyz`, 30_000);
    const home = await (await get(server.origin + BASE_PATH)).text();
    const urls = [...new Set([...home.matchAll(/href="([^"]*\/doc\/[^"]*)"/g)].map(([, href]) => new URL(href.replaceAll("&amp;", "&"), server.origin).href))];
    if (urls.length === 0) throw new Error("the home page links to no /doc/ article");
    const first = await get(urls[0]);
    const cookie = first.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
    const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip", ...(cookie && { cookie }) };
    // Every page is rendered once before the outage: 'pages rendered in the last 10 minutes'.
    for (const url of urls) await get(url, headers);

    const load = steadyLoad(urls, headers, KILL_CONCURRENCY);
    await sleep(KILL_BEFORE_SECONDS);
    const killedAt = Date.now();
    platform.child.kill("SIGKILL");
    await platform.exited;
    await sleep(KILL_DOWN_SECONDS);
    const restartedAt = Date.now();
    platform = startPlatform(workDir, platformPort);
    const backAt = await untilPlatformAnswers(platform, 60_000);
    await sleep(KILL_AFTER_SECONDS);
    await load.stop();

    const before = load.results.filter((r) => r.at < killedAt);
    const down = load.results.filter((r) => r.at >= killedAt && r.at < backAt);
    const after = load.results.filter((r) => r.at >= backAt);
    const failed = (r) => r.status !== 200;
    // Recovered once every later answer is fresh: the last stale or failed answer after the platform is back.
    const lastBad = after.filter((r) => r.stale || failed(r)).at(-1);
    const recoverySeconds = lastBad ? (lastBad.at - backAt) / 1000 : 0;
    return {
      pages: urls.length,
      downSeconds: (backAt - killedAt) / 1000,
      restartSeconds: (backAt - restartedAt) / 1000,
      before: { total: before.length, errors: before.filter(failed).length },
      down: { total: down.length, errors: down.filter(failed).length, stale: down.filter((r) => r.stale).length },
      after: { total: after.length, errors: after.filter(failed).length },
      recoverySeconds,
      recoveredByEnd: after.length > 0 && !after.at(-1).stale && !failed(after.at(-1)),
    };
  } catch (error) {
    if (!interrupted) console.error(`last server output:\n${server.output.join("\n")}\nlast platform output:\n${platform.output.join("\n")}`);
    throw error;
  } finally {
    await stopServer(server);
    await stopServer(platform);
  }
}

function reportUpstreamKill(kill) {
  console.log(
    `\n### Upstream kill\n\n- ${kill.pages} article pages rendered once, then ${KILL_CONCURRENCY} concurrent visitors cycling through them ` +
      `(anonymous: the site sets no cookie, so the page cache answers); the platform (\`platform/main.ts\`, its own process) killed with SIGKILL after ${KILL_BEFORE_SECONDS} s, ` +
      `restarted after ${KILL_DOWN_SECONDS} s (answering again ${kill.restartSeconds.toFixed(1)} s later), load kept ${KILL_AFTER_SECONDS} s more\n`,
  );
  console.log("| measure | value | target | result |");
  console.log("|---|---|---|---|");
  console.log(`| answers before the kill (errors) | ${kill.before.total} (${kill.before.errors}) | | |`);
  console.log(`| errors while the platform was down (${kill.downSeconds.toFixed(1)} s) | ${kill.down.errors} of ${kill.down.total} | 0 | ${verdict(kill.down.errors === 0)} |`);
  console.log(`| stale pages served while down | ${kill.down.stale} of ${kill.down.total} | | |`);
  console.log(`| answers after the platform was back (errors) | ${kill.after.total} (${kill.after.errors}) | | |`);
  console.log(
    `| seconds to recover (last stale or failed answer after the platform answered again) | ${kill.recoverySeconds.toFixed(1)} s | ≤ ${RECOVERY_TARGET_SECONDS} s | ${verdict(kill.recoveredByEnd && kill.recoverySeconds <= RECOVERY_TARGET_SECONDS)} |`,
  );
}

const ALONE = ["upstream-kill", "page-cache", "live", "workers", "soak"];

/** An article URL from the home page of a running server. */
async function articleOf(server) {
  const home = await (await get(server.origin + BASE_PATH)).text();
  const href = home.match(/href="([^"]*\/doc\/[^"]*)"/)?.[1];
  if (!href) throw new Error("the home page links to no /doc/ article");
  return new URL(href.replaceAll("&amp;", "&"), server.origin).href;
}

/**
 * One process (build/server.js) against build/cluster.js with one worker per core, in one run: the article for a
 * logged-in visitor (made from the stored page) at 50 connections, each beside the same host's static copy.
 */
async function measureWorkers(workDir) {
  const cores = os.availableParallelism();
  const results = [];
  for (const [label, entry, env] of [
    ["1 process", SERVER_ENTRY, { PLATFORM_DEV_KEY: PAGE_CACHE_DEV_KEY }],
    [`cluster, ${cores} workers`, CLUSTER_ENTRY, { PLATFORM_DEV_KEY: PAGE_CACHE_DEV_KEY, WEB_CONCURRENCY: String(cores) }],
  ]) {
    const server = await startServer(path.join(workDir, label.replace(/\W+/g, "-")), env, entry);
    try {
      await waitForOk(server, `${BASE_PATH}healthz`, 60_000);
      await waitForOk(server, `${BASE_PATH}readyz`, 30_000);
      const articleUrl = await articleOf(server);
      const cookie = await loggedInCookie(server);
      const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip", cookie };
      const html = Buffer.from(await (await get(articleUrl, { cookie })).arrayBuffer());
      const page = await measureLoad(articleUrl, headers);
      await writeFile(STATIC_COPY, html);
      let fromDisk;
      try {
        fromDisk = await measureLoad(`${server.origin}${BASE_PATH}bench-static.html`, headers);
      } finally {
        await rm(STATIC_COPY, { force: true });
      }
      results.push({ label, page, fromDisk });
    } finally {
      await stopServer(server);
    }
  }
  return { cores, results };
}

function reportWorkers({ cores, results }) {
  console.log(`\n## Workers ${new Date().toISOString()} (${os.cpus()[0]?.model ?? "cpu"}, ${cores} cores)`);
  console.log("| host | article req/s | p50 | p99 | static copy req/s | article / static |");
  console.log("|---|---|---|---|---|---|");
  for (const { label, page, fromDisk } of results) {
    console.log(`| ${label} | ${page.rps.toFixed(0)} | ${ms(page.p50)} | ${ms(page.p99)} | ${fromDisk.rps.toFixed(0)} | ${(page.rps / fromDisk.rps).toFixed(2)}× |`);
  }
  const [single, several] = results;
  console.log(`\nArticle throughput of the cluster over one process: ${(several.page.rps / single.page.rps).toFixed(2)}×`);
}

// The page-cache run (issue 12 §1, §4): each kind of visitor of the article against a static copy of its bytes.
const PAGE_CACHE_DEV_KEY = "bench-dev-key-not-for-production";
const ANONYMOUS_TARGET = 0.8;
const ANONYMOUS_P99_TARGET = 1.5;
const LOGGED_IN_TARGET = 0.25;
const RSS_TARGET_MB = 250;

/** The page cache's counters from /readyz (server/health.ts). */
async function pageCacheCounts(server) {
  const text = await (await fetch(`${server.origin}${BASE_PATH}readyz`)).text();
  const line = text.split("\n").find((entry) => entry.startsWith("page cache:")) ?? "";
  const count = (name) => Number(line.match(new RegExp(`${name} (\\d+)`))?.[1] ?? 0);
  return { served: count("hits") + count("stale") + count("joined"), rendered: count("misses") + count("uncached") };
}

async function rssMegabytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN);
  return kb / 1024;
}

/** The session cookie of the seeded demo user, logged in by password as a visitor without JavaScript would. */
async function loggedInCookie(server) {
  const { demoPasswordFor } = await tsImport("../platform/demo-account.ts", import.meta.url);
  const { DEMO_PHONE } = await tsImport("../platform/seed-users.ts", import.meta.url);
  const login = await fetch(`${server.origin}${BASE_PATH}auth`, {
    method: "POST",
    headers: { origin: server.origin, "user-agent": MOBILE_UA },
    body: new URLSearchParams({ intent: "login", mode: "pass", phone: DEMO_PHONE, password: demoPasswordFor(PAGE_CACHE_DEV_KEY), agreed: "on", redirect: BASE_PATH }),
    redirect: "manual",
  });
  if (login.status !== 302) throw new Error(`bench login answered ${login.status}`);
  const cookieOf = (response) => response.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
  // The first page after login takes the toast and rewrites the cookie.
  const landed = await get(server.origin + BASE_PATH, { cookie: cookieOf(login) });
  return cookieOf(landed) || cookieOf(login);
}

async function measurePageCache(server, articleUrl) {
  const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip" };
  const first = await get(articleUrl, headers);
  const etag = first.headers.get("etag");
  if (!etag || first.headers.getSetCookie().length > 0) throw new Error("the article is not a stored anonymous page");
  const html = Buffer.from(await (await get(articleUrl, { "accept-encoding": "identity" })).arrayBuffer());
  const staticUrl = `${server.origin}${BASE_PATH}bench-static.html`;
  await writeFile(STATIC_COPY, html);
  let fromDisk;
  try {
    await get(staticUrl);
    fromDisk = await measureLoad(staticUrl, headers);
  } finally {
    await rm(STATIC_COPY, { force: true });
  }

  // Every first visit comes from another share: WeChat's parameters and a new _t on each request.
  let visit = 0;
  const article = new URL(articleUrl);
  const firstVisits = [{ setupRequest: (request) => ({ ...request, path: `${article.pathname}?from=singlemessage&isappinstalled=0&_t=${Date.now()}${visit++}` }) }];
  const before = await pageCacheCounts(server);
  const anonymousFirst = await measureLoad(articleUrl, headers, firstVisits);
  // A returning anonymous visitor has no cookie (nothing was set): their browser revalidates its copy.
  const anonymousReturning = await measureLoad(articleUrl, { ...headers, "if-none-match": etag });
  const after = await pageCacheCounts(server);
  const rssAnonymousMb = await rssMegabytes(server.child.pid);
  const cookie = await loggedInCookie(server);
  const loggedIn = await measureLoad(articleUrl, { ...headers, cookie });
  const served = after.served - before.served;
  const total = served + after.rendered - before.rendered;
  return {
    html: html.length,
    fromDisk,
    rows: [
      ["anonymous first visit", anonymousFirst, ANONYMOUS_TARGET],
      ["anonymous returning visitor (If-None-Match: 304)", anonymousReturning, ANONYMOUS_TARGET],
      ["logged-in visitor (made from the stored page)", loggedIn, LOGGED_IN_TARGET],
    ],
    hitRatio: total > 0 ? served / total : 0,
    rssAnonymousMb,
    rssMb: await rssMegabytes(server.child.pid),
  };
}

function reportPageCache(result) {
  const { fromDisk } = result;
  console.log(`\n| page cache (article, ${result.html} bytes, ${CONNECTIONS} connections) | req/s | p50 / p99 | × static req/s | target | result |`);
  console.log("|---|---|---|---|---|---|");
  console.log(`| static copy | ${fromDisk.rps.toFixed(0)} | ${ms(fromDisk.p50)} / ${ms(fromDisk.p99)} | 1.00 | | |`);
  for (const [name, run, target] of result.rows) {
    const ratio = run.rps / fromDisk.rps;
    const anonymous = target === ANONYMOUS_TARGET;
    const ok = ratio >= target && (!anonymous || run.p99 <= ANONYMOUS_P99_TARGET * fromDisk.p99);
    const goal = anonymous ? `≥ ${target}×, p99 ≤ ${ANONYMOUS_P99_TARGET}× static's` : `≥ ${target}×`;
    console.log(`| ${name} | ${run.rps.toFixed(0)} | ${ms(run.p50)} / ${ms(run.p99)} | ${ratio.toFixed(2)} | ${goal} | ${verdict(ok)} |`);
  }
  console.log(`| cache hit ratio, anonymous runs (served without a render) | ${(result.hitRatio * 100).toFixed(2)} % | | | | |`);
  console.log(`| RSS after the anonymous rows | ${result.rssAnonymousMb.toFixed(0)} MB | | | | |`);
  console.log(`| RSS after the run | ${result.rssMb.toFixed(0)} MB | | | ≤ ${RSS_TARGET_MB} MB | ${verdict(result.rssMb <= RSS_TARGET_MB)} |`);
}

async function measureLoad(url, headers, requests) {
  await load(url, headers, WARMUP_SECONDS, requests);
  const result = await load(url, headers, MEASURE_SECONDS, requests);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function launchChromium(profileDir) {
  const child = track(
    spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, "--headless=new", "--remote-debugging-port=0", `--user-data-dir=${profileDir}`, "about:blank"], {
      stdio: ["ignore", "ignore", "pipe"],
    }),
  );
  const output = [];
  tail(child.stderr, output);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output.join("\n")}`)), 30_000);
    child.stderr.on("data", () => {
      const match = output.join("\n").match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}:\n${output.join("\n")}`)));
  });
  return { child, port };
}

// Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) and asks to be run again: it is, in a fresh
// Chromium, up to this many times in all.
const LIGHTHOUSE_ATTEMPTS = 3;

async function runLighthouse(url, workDir, run) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, path.join(workDir, `chromium-${run}-${attempt}`));
    } catch (error) {
      if (!error.lighthouseAskedAgain || attempt === LIGHTHOUSE_ATTEMPTS) throw error;
      console.warn(`${error.message}: running it again (${run}, attempt ${attempt + 1} of ${LIGHTHOUSE_ATTEMPTS})`);
    }
  }
}

async function runLighthouseOnce(url, profileDir) {
  const chromium = await launchChromium(profileDir);
  try {
    const result = await lighthouse(url, { port: chromium.port, logLevel: "error", onlyCategories: LIGHTHOUSE_CATEGORIES });
    if (!result) throw new Error("Lighthouse returned no result");
    if (result.lhr.runtimeError) {
      throw Object.assign(new Error(`Lighthouse: ${result.lhr.runtimeError.message}`), { lighthouseAskedAgain: true });
    }
    const scores = Object.fromEntries(
      LIGHTHOUSE_CATEGORIES.map((id) => {
        const { score } = result.lhr.categories[id];
        if (score === null) throw new Error(`Lighthouse could not score ${id}`);
        return [id, Math.round(score * 100)];
      }),
    );
    const requests = result.lhr.audits["network-requests"].details.items;
    const jsTransferred = requests
      .filter((request) => request.resourceType === "Script")
      .reduce((sum, request) => sum + request.transferSize, 0);
    // The user agent string hides Chromium's minor version; DevTools reports it in full.
    const { Browser: browser } = await (await fetch(`http://127.0.0.1:${chromium.port}/json/version`)).json();
    return { scores, jsTransferred, tools: `Lighthouse ${result.lhr.lighthouseVersion}, ${browser}` };
  } finally {
    chromium.child.kill("SIGKILL");
  }
}

// The live row: how many viewers of one broadcast the host holds, messages reaching every one of them within
// LIVE_DEADLINE_MS, with one upstream stream. BENCH_LIVE_VIEWERS changes the count. Each viewer is a plain
// node:http client (two sockets per viewer on this machine: raise `ulimit -n` above 2 × viewers + 1000 if needed).
const LIVE_VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 2000);
const LIVE_ID = "marathon-2026";
const LIVE_PROBES = 5;
const LIVE_DEADLINE_MS = 2000;
const LIVE_DEV_KEY = "bench-dev-key-not-for-production";

/** The host process's resident memory (Linux), in bytes. */
async function residentBytes(pid) {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** A logged-in platform token for a fresh phone, by verification code through the development SMS outbox. */
async function platformUserToken(platformOrigin) {
  const call = async (pathname, init = {}) => {
    const response = await fetch(platformOrigin + pathname, { ...init, headers: { "content-type": "application/json", ...init.headers } });
    const body = await response.json();
    if (body.code !== 0) throw new Error(`${pathname}: ${body.code} ${body.message}`);
    return body.data;
  };
  const { token: anonymous } = await call("/peony/v1/auth", { method: "POST", body: JSON.stringify({ appid: 1, platform: "mobile" }) });
  const phone = `139${String(Date.now()).slice(-8)}`;
  await call(`/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: anonymous } });
  const outbox = await call(`/dev/sms-outbox?key=${LIVE_DEV_KEY}&tel=${phone}`, { headers: { accept: "application/json" } });
  const code = outbox.list[0]?.code;
  if (!code) throw new Error("no verification code in the development outbox");
  const { token } = await call("/peony/v1/auth", {
    method: "POST",
    headers: { authorization: anonymous },
    body: JSON.stringify({ appid: 1, platform: "mobile", account: phone, device_id: "bench", verify_code: code }),
  });
  return token;
}

/** One viewer: an open event stream that notes when each awaited text first arrives. */
function openViewer(url, expected) {
  return new Promise((resolve, reject) => {
    const viewer = { seen: new Map(), request: null };
    let tailText = "";
    viewer.request = http.get(url, { agent: false, headers: { accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        const text = tailText + chunk;
        for (const probe of expected) if (!viewer.seen.has(probe) && text.includes(probe)) viewer.seen.set(probe, Date.now());
        tailText = text.slice(-200);
      });
      resolve(viewer);
    });
    viewer.request.on("error", reject);
  });
}

async function measureLive(workDir) {
  const server = await startServer(workDir, { PLATFORM_DEV_KEY: LIVE_DEV_KEY, LIVE_STREAM_MAX_SECONDS: "3600", LOG_LEVEL: "silent" });
  const viewers = [];
  try {
    await waitForOk(server, `${BASE_PATH}healthz`, 60_000);
    await waitForOk(server, `${BASE_PATH}readyz`, 30_000);
    const platformOrigin = `${server.origin}/_platform`;
    const token = await platformUserToken(platformOrigin);
    const streamUrl = `${server.origin}${BASE_PATH}api/live/${LIVE_ID}/events`;
    const probes = Array.from({ length: LIVE_PROBES }, (_, i) => `bench-probe-${i}-${randomBytes(4).toString("hex")}`);
    await sleep(2);
    const rssBefore = await residentBytes(server.child.pid);
    // In batches, so the listen backlog never overflows.
    for (let opened = 0; opened < LIVE_VIEWERS; opened += 100) {
      const batch = Math.min(100, LIVE_VIEWERS - opened);
      viewers.push(...(await Promise.all(Array.from({ length: batch }, () => openViewer(streamUrl, probes)))));
    }
    await sleep(3);
    const rssAfter = await residentBytes(server.child.pid);
    const streams = await (await fetch(`${platformOrigin}/dev/live/streams?key=${LIVE_DEV_KEY}`)).json();
    const upstreams = streams.data.open[LIVE_ID] ?? 0;

    const latencies = [];
    for (const probe of probes) {
      const sentAt = Date.now();
      const sent = await (
        await fetch(`${platformOrigin}/peony/v3/live/send_msg`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: token },
          body: JSON.stringify({ live_id: LIVE_ID, content: probe }),
        })
      ).json();
      if (sent.code !== 0) throw new Error(`send_msg: ${sent.code} ${sent.message}`);
      // Wait for every viewer (or the deadline and a margin), then the platform's per-user rate limit.
      const until = Date.now() + LIVE_DEADLINE_MS * 3;
      while (Date.now() < until && viewers.some((viewer) => !viewer.seen.has(probe))) await sleep(0.05);
      for (const viewer of viewers) latencies.push(viewer.seen.has(probe) ? viewer.seen.get(probe) - sentAt : Number.POSITIVE_INFINITY);
      await sleep(2.5);
    }
    const open = viewers.filter((viewer) => !viewer.request.destroyed).length;
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return {
      viewers: LIVE_VIEWERS,
      open,
      upstreams,
      deliveries: latencies.length,
      withinDeadline: latencies.filter((value) => value <= LIVE_DEADLINE_MS).length,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted.at(-1),
      bytesPerViewer: (rssAfter - rssBefore) / LIVE_VIEWERS,
    };
  } catch (error) {
    if (!interrupted) console.error(`last server output:\n${server.output.join("\n")}`);
    throw error;
  } finally {
    for (const viewer of viewers) viewer.request.destroy();
    await stopServer(server);
  }
}

function reportLive(live) {
  const latency = (value) => (Number.isFinite(value) ? `${value} ms` : "never");
  console.log(
    `\n### Live broadcast fan-out\n\n- ${live.viewers} viewers of one broadcast (${LIVE_ID}), each a node:http client on the site's event stream; ` +
      `${LIVE_PROBES} chat messages sent through the platform's send_msg, each timed from the call to its arrival at every viewer\n`,
  );
  console.log("| measure | value | target | result |");
  console.log("|---|---|---|---|");
  console.log(`| open streams held | ${live.open} of ${live.viewers} | ≥ 2000 | ${verdict(live.open >= 2000)} |`);
  console.log(
    `| deliveries within ${LIVE_DEADLINE_MS / 1000} s | ${live.withinDeadline} of ${live.deliveries} | all | ${verdict(live.withinDeadline === live.deliveries)} |`,
  );
  console.log(`| delivery latency p50 / p99 / max | ${latency(live.p50)} / ${latency(live.p99)} / ${latency(live.max)} | ≤ ${LIVE_DEADLINE_MS} ms | ${verdict(live.max <= LIVE_DEADLINE_MS)} |`);
  console.log(`| upstream streams to the platform during it | ${live.upstreams} | 1 | ${verdict(live.upstreams === 1)} |`);
  console.log(`| host memory per viewer (RSS growth / viewers) | ${(live.bytesPerViewer / 1024).toFixed(1)} KiB | | |`);
}

async function runLiveOnly() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-live-"));
  try {
    const live = await measureLive(workDir);
    console.log(`\n## Benchmark ${new Date().toISOString()} (live only)`);
    reportLive(live);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

// The soak row (issue 12 §4): a fresh server under a realistic mix of visitors for SOAK_SECONDS at moderate load,
// its RSS sampled throughout. Anonymous first visits spread over every published page (each content type, home,
// lists, search with varied words, a clue and a circle post), returning visitors revalidating what they saw, and
// logged-in visitors reading and commenting. BENCH_SOAK_SECONDS shortens it for a trial; BENCH_SOAK_CLUSTER=1 runs
// build/cluster.js instead of one process (the RSS is then summed over the primary and its workers, and the target
// applies to the largest of them).
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const SOAK_WARMUP_SECONDS = 30;
const SOAK_SAMPLE_SECONDS = 5;
/** Visitors in flight at once: a moderate load, well under the 50 connections of the throughput rows. */
const SOAK_VISITORS = 10;
/** Logged-in visitors: the demo account and some registered by code (the platform allows 5 comments a minute each). */
const SOAK_USERS = 5;
const SOAK_COMMENT_INTERVAL_MS = 15_000;
const SOAK_GROWTH_TARGET = 0.1;
/** Shares of the mix; a logged-in visitor comments instead of reading at most every SOAK_COMMENT_INTERVAL_MS. */
const SOAK_MIX = { first: 0.55, returning: 0.25, loggedIn: 0.2 };
const SOAK_USER_AGENTS = [
  MOBILE_UA,
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160083 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
];

/** The pids of a process and all its descendants (Linux). */
async function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const tasks = await readdir(`/proc/${pids[i]}/task`).catch(() => []);
    for (const task of tasks) {
      const children = await readFile(`/proc/${pids[i]}/task/${task}/children`, "utf8").catch(() => "");
      pids.push(...children.split(" ").filter(Boolean).map(Number));
    }
  }
  return pids;
}

/** The resident memory of a process and its descendants, in MB: their sum, and the largest one's. */
async function treeRssMegabytes(pid) {
  let sum = 0;
  let largest = 0;
  for (const each of await processTree(pid)) {
    const mb = await rssMegabytes(each);
    if (!Number.isFinite(mb)) continue;
    sum += mb;
    largest = Math.max(largest, mb);
  }
  return { sum, largest };
}

/** Every page of the mix: each published content item, the home, the lists, a clue, a circle post, and searches. */
async function soakPages(origin) {
  const segments = new Map([["article", "doc"], ...TYPE_PAGES.map(({ type, segment }) => [type, segment])]);
  const pages = [BASE_PATH];
  const words = new Set();
  for (const item of await publishedContent(origin)) {
    const segment = segments.get(item.content_type);
    if (segment === undefined) continue;
    pages.push(detailPath(segment, item.post_id));
    // Two-character slices of titles: words with results, and many distinct search pages.
    const title = [...String(item.title ?? "")];
    for (let at = 0; at + 2 <= title.length && at < 9; at += 3) words.add(title.slice(at, at + 2).join(""));
  }
  const ids = new Hashids(HASHIDS.salt, HASHIDS.minLength);
  for (const list of [1, 2, 3]) pages.push(`${BASE_PATH}list/${ids.encode(list)}/index`);
  pages.push(...areaPages("").map(([, url]) => url));
  for (const word of words) pages.push(`${BASE_PATH}search/index?keyword=${encodeURIComponent(word)}`);
  return { pages, articles: pages.filter((page) => page.includes("/news/doc/")), searches: words.size };
}

/** A visitor's cookie jar: name → value, updated from every answer's Set-Cookie. */
function cookieJar(initial = "") {
  const jar = new Map(initial.split("; ").filter(Boolean).map((pair) => [pair.split("=")[0], pair]));
  return {
    header: () => [...jar.values()].join("; "),
    update(response) {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(";")[0];
        const name = pair.split("=")[0];
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, pair);
      }
    },
  };
}

/** A new user, registered by their first code login on /auth (the code read from the development SMS outbox). */
async function codeLoginCookie(server, phone) {
  const jar = cookieJar();
  const post = async (fields) => {
    const response = await fetch(`${server.origin}${BASE_PATH}auth`, {
      method: "POST",
      headers: { origin: server.origin, "user-agent": MOBILE_UA, cookie: jar.header() },
      body: new URLSearchParams({ phone, agreed: "on", redirect: BASE_PATH, ...fields }),
      redirect: "manual",
    });
    jar.update(response);
    await response.arrayBuffer();
    return response.status;
  };
  const sent = await post({ intent: "send-code" });
  if (sent !== 200) throw new Error(`bench send-code answered ${sent}`);
  const outbox = await (await fetch(`${server.origin}/_platform/dev/sms-outbox?key=${PAGE_CACHE_DEV_KEY}&tel=${phone}`, { headers: { accept: "application/json" } })).json();
  const code = outbox.data?.list?.[0]?.code;
  if (!code) throw new Error(`no verification code for ${phone} in the development outbox`);
  const login = await post({ intent: "login", mode: "phone", code });
  if (login !== 302) throw new Error(`bench code login answered ${login}`);
  const landed = await fetch(server.origin + BASE_PATH, { headers: { "user-agent": MOBILE_UA, cookie: jar.header() } });
  jar.update(landed);
  await landed.arrayBuffer();
  return jar.header();
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Runs the mix with SOAK_VISITORS in flight until `stop()`, counting answers and errors per kind of visit. */
function soakLoad(server, { pages, articles }, users) {
  const counts = { first: 0, returning: 0, read: 0, comment: 0 };
  const errors = [];
  const etags = new Map();
  let stopped = false;
  let comments = 0;
  const request = async (kind, url, init, expected) => {
    try {
      const response = await fetch(server.origin + url, { redirect: "manual", ...init });
      await response.arrayBuffer();
      counts[kind] += 1;
      if (!expected.includes(response.status)) errors.push(`${kind} ${url}: ${response.status}`);
      return response;
    } catch (error) {
      counts[kind] += 1;
      errors.push(`${kind} ${url}: ${error.message}`);
      return null;
    }
  };
  const anonymousHeaders = () => ({ "user-agent": pick(SOAK_USER_AGENTS), "accept-encoding": "gzip, deflate, br" });
  const visit = async () => {
    const roll = Math.random();
    if (roll < SOAK_MIX.first || etags.size === 0) {
      const page = pick(pages);
      const share = `${page.includes("?") ? "&" : "?"}from=singlemessage&isappinstalled=0&_t=${Date.now()}`;
      const headers = anonymousHeaders();
      const response = await request("first", page + share, { headers }, [200]);
      const etag = response?.headers.get("etag");
      if (etag) etags.set(page, { etag, userAgent: headers["user-agent"] });
      return;
    }
    if (roll < SOAK_MIX.first + SOAK_MIX.returning) {
      const [page, { etag, userAgent }] = pick([...etags]);
      // Changed since (a comment dropped it, or it was refreshed): a 200 with the new page is right too.
      await request("returning", page, { headers: { ...anonymousHeaders(), "user-agent": userAgent, "if-none-match": etag } }, [304, 200]);
      return;
    }
    const user = pick(users);
    const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip, deflate, br", cookie: user.jar.header() };
    if (Date.now() - user.commentedAt < SOAK_COMMENT_INTERVAL_MS) {
      const response = await request("read", pick(pages), { headers }, [200]);
      if (response) user.jar.update(response);
      return;
    }
    // Comment on an article, then land back on it (its toast and the new comment), as without JavaScript.
    user.commentedAt = Date.now();
    const article = pick(articles);
    const posted = await request(
      "comment",
      article,
      {
        method: "POST",
        headers: { ...headers, origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "comment", content: `浸泡测试评论 ${++comments}` }).toString(),
      },
      [302, 303],
    );
    if (!posted) return;
    user.jar.update(posted);
    const location = posted.headers.get("location");
    if (!location) return;
    const landed = await request("read", new URL(location, server.origin).pathname, { headers: { ...headers, cookie: user.jar.header() } }, [200]);
    if (landed) user.jar.update(landed);
  };
  const workers = Array.from({ length: SOAK_VISITORS }, async () => {
    while (!stopped) await visit();
  });
  return {
    counts,
    errors,
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** Every page once for each of SOAK_USER_AGENTS, SOAK_VISITORS at a time. */
async function warmPages(server, pages) {
  const queue = SOAK_USER_AGENTS.flatMap((userAgent) => pages.map((page) => ({ page, userAgent })));
  await Promise.all(
    Array.from({ length: SOAK_VISITORS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        // Not counted: the errors that matter are the measured minutes'.
        const response = await fetch(server.origin + next.page, { headers: { "user-agent": next.userAgent, "accept-encoding": "gzip, deflate, br" } });
        await response.arrayBuffer();
      }
    }),
  );
}

async function measureSoak(workDir) {
  const clustered = process.env.BENCH_SOAK_CLUSTER === "1";
  const server = await startServer(
    workDir,
    { PLATFORM_DEV_KEY: PAGE_CACHE_DEV_KEY, LOG_LEVEL: "silent", ...(clustered && { WEB_CONCURRENCY: String(os.availableParallelism()) }) },
    clustered ? CLUSTER_ENTRY : SERVER_ENTRY,
  );
  try {
    await waitForOk(server, `${BASE_PATH}healthz`, 60_000);
    await waitForOk(server, `${BASE_PATH}readyz`, 30_000);
    const rssIdle = (await treeRssMegabytes(server.child.pid)).sum;
    const mix = await soakPages(server.origin);
    const users = [{ jar: cookieJar(await loggedInCookie(server)), commentedAt: 0 }];
    for (let i = 1; i < SOAK_USERS; i++) {
      users.push({ jar: cookieJar(await codeLoginCookie(server, `137${String(Date.now() + i).slice(-8)}`)), commentedAt: 0 });
    }
    // The warm-up: every page of the mix once for each user agent (the caches take in what the mix will ask for),
    // then the mix itself for a while; what the RSS does after that is the soak's figure.
    await warmPages(server, mix.pages);
    const load = soakLoad(server, mix, users);
    await sleep(SOAK_WARMUP_SECONDS);
    const startedAt = Date.now();
    const answersBefore = Object.values(load.counts).reduce((a, b) => a + b, 0);
    const errorsBefore = load.errors.length;
    const samples = [await treeRssMegabytes(server.child.pid)];
    while (Date.now() - startedAt < SOAK_SECONDS * 1000) {
      await sleep(SOAK_SAMPLE_SECONDS);
      samples.push(await treeRssMegabytes(server.child.pid));
    }
    const seconds = (Date.now() - startedAt) / 1000;
    const answers = Object.values(load.counts).reduce((a, b) => a + b, 0) - answersBefore;
    await load.stop();
    return {
      clustered,
      processes: (await processTree(server.child.pid)).length,
      pages: mix.pages.length,
      searches: mix.searches,
      seconds,
      rssIdle,
      rss: { start: samples[0].sum, peak: Math.max(...samples.map(({ sum }) => sum)), end: samples.at(-1).sum },
      largestPeak: Math.max(...samples.map(({ largest }) => largest)),
      samples: samples.length,
      answers,
      counts: load.counts,
      errors: load.errors.slice(errorsBefore),
      warmupErrors: load.errors.slice(0, errorsBefore),
      pageCache: await (await fetch(`${server.origin}${BASE_PATH}readyz`)).text().then((text) => text.split("\n").find((line) => line.startsWith("page cache:")) ?? ""),
    };
  } catch (error) {
    if (!interrupted) console.error(`last server output:\n${server.output.join("\n")}`);
    throw error;
  } finally {
    await stopServer(server);
  }
}

function reportSoak(soak) {
  const growth = (soak.rss.end - soak.rss.start) / soak.rss.start;
  const mb = (value) => `${value.toFixed(0)} MB`;
  const host = soak.clustered ? `build/cluster.js (${soak.processes} processes, RSS summed)` : "build/server.js";
  console.log(
    `\n### Soak\n\n- ${host} from a fresh start; ${SOAK_VISITORS} visitors in flight; warm-up: every page once per user agent, then ${SOAK_WARMUP_SECONDS} s of the mix; ` +
      `${soak.seconds.toFixed(0)} s measured; ` +
      `RSS from /proc every ${SOAK_SAMPLE_SECONDS} s (${soak.samples} samples)\n` +
      `- mix: ${Math.round(SOAK_MIX.first * 100)} % anonymous first visits (a new share of one of ${soak.pages} pages: every published content item, the home, ` +
      `lists, a clue, a circle post and ${soak.searches} searches; three user agents), ${Math.round(SOAK_MIX.returning * 100)} % returning visitors ` +
      `(If-None-Match), ${Math.round(SOAK_MIX.loggedIn * 100)} % logged-in visitors (${SOAK_USERS} accounts) reading, each commenting at most every ` +
      `${SOAK_COMMENT_INTERVAL_MS / 1000} s and landing back on the article\n`,
  );
  console.log("| measure | value | target | result |");
  console.log("|---|---|---|---|");
  console.log(`| RSS idle after start | ${mb(soak.rssIdle)} | | |`);
  if (soak.clustered) {
    // The target is each process's: the sum is for sizing the machine.
    console.log(`| RSS start (after the warm-up) / peak / end, all processes | ${mb(soak.rss.start)} / ${mb(soak.rss.peak)} / ${mb(soak.rss.end)} | | |`);
    console.log(`| RSS peak of the largest process | ${mb(soak.largestPeak)} | ≤ ${RSS_TARGET_MB} MB | ${verdict(soak.largestPeak <= RSS_TARGET_MB)} |`);
  } else {
    console.log(`| RSS start (after the warm-up) / peak / end | ${mb(soak.rss.start)} / ${mb(soak.rss.peak)} / ${mb(soak.rss.end)} | ≤ ${RSS_TARGET_MB} MB | ${verdict(soak.rss.peak <= RSS_TARGET_MB)} |`);
  }
  console.log(`| RSS growth, start to end | ${(growth * 100).toFixed(1)} % | < ${SOAK_GROWTH_TARGET * 100} % | ${verdict(growth < SOAK_GROWTH_TARGET)} |`);
  console.log(
    `| answers (req/s) | ${soak.answers} (${(soak.answers / soak.seconds).toFixed(0)} req/s): first visits ${soak.counts.first}, returning ${soak.counts.returning}, ` +
      `logged-in reads ${soak.counts.read}, comments ${soak.counts.comment} (counts include the warm-up) | | |`,
  );
  console.log(`| errors (unexpected status or failed request) | ${soak.errors.length} | 0 | ${verdict(soak.errors.length === 0)} |`);
  console.log(`| ${soak.pageCache.replace(/\|/g, "/")} | | | |`);
  for (const error of [...soak.warmupErrors.slice(0, 5).map((e) => `warm-up: ${e}`), ...soak.errors.slice(0, 10)]) console.log(`- ${error}`);
}

async function runSoak() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-soak-"));
  try {
    return await measureSoak(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(1)} ms`;
const verdict = (ok) => (ok ? "PASS" : "FAIL");

/** Ctrl-C during a run that goes alone: its servers and browsers go with it. */
function stopChildrenAndExit() {
  interrupted = true;
  for (const child of running) child.kill("SIGTERM");
  process.exit(130);
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run npm run build first`);
  const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  if (only !== undefined && !ALONE.includes(only)) throw new Error(`--only=${only}: the parts that run alone are ${ALONE.join(", ")}`);
  if (only === "workers") {
    const workDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-"));
    try {
      reportWorkers(await measureWorkers(workDir));
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    return;
  }
  if (only === "soak") {
    process.once("SIGINT", stopChildrenAndExit);
    const soak = await runSoak();
    console.log(`\n## Benchmark ${new Date().toISOString()} (soak only)`);
    reportSoak(soak);
    return;
  }
  if (only === "live") {
    process.once("SIGINT", stopChildrenAndExit);
    return runLiveOnly();
  }
  if (only === "upstream-kill") {
    const workDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-"));
    process.once("SIGINT", stopChildrenAndExit);
    try {
      const kill = await measureUpstreamKill(workDir);
      console.log(`\n## Benchmark ${new Date().toISOString()} (upstream-kill only)`);
      reportUpstreamKill(kill);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    return;
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-"));
  // The development key gives the demo account its password: the logged-in visitor of the page-cache run.
  const server = await startServer(workDir, { PLATFORM_DEV_KEY: PAGE_CACHE_DEV_KEY });
  const interrupt = async () => {
    interrupted = true;
    for (const child of running) child.kill("SIGTERM");
    await stopServer(server);
    await rm(STATIC_COPY, { force: true });
    await rm(workDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    await waitForOk(server, `${BASE_PATH}healthz`, 60_000);
    await waitForOk(server, `${BASE_PATH}readyz`, 30_000);

    const articleUrl = await articleOf(server);

    // The article under load, against a static copy of its bytes: the page-cache run measures both.
    const pageCache = await measurePageCache(server, articleUrl);
    if (only === "page-cache") {
      console.log(`\n## Benchmark ${new Date().toISOString()} (page-cache only)`);
      console.log(`- machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores; Node ${process.version}; article ${new URL(articleUrl).pathname}`);
      console.log(`- load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${MEASURE_SECONDS} s measured per row; Android Chrome user agent, accept-encoding: gzip`);
      reportPageCache(pageCache);
      return;
    }
    const { fromDisk } = pageCache;
    const ssr = pageCache.rows[0][1];
    const html = Buffer.from(await (await get(articleUrl)).arrayBuffer());

    const { bytes: jsGzipped, count: scriptCount } = await firstLoadJs(html.toString("utf8"), articleUrl);
    const htmlGzipped = gzipSync(html, { level: 9 }).length;

    const lighthouseRuns = async (name, url) => {
      const runs = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) runs.push(await runLighthouse(url, workDir, `${name}-${run}`));
      return runs;
    };
    const runs = await lighthouseRuns("article", articleUrl);
    const jsTransferred = median(runs.map((run) => run.jsTransferred));
    const listId = new Hashids(HASHIDS.salt, HASHIDS.minLength).encode(LIST_DB_ID);
    const otherPages = [
      ["home", server.origin + BASE_PATH],
      ["list", `${server.origin}${BASE_PATH}list/${listId}/index`],
      ["search results", `${server.origin}${BASE_PATH}search/index?keyword=${encodeURIComponent(SEARCH_KEYWORD)}`],
      ...areaPages(server.origin),
    ];
    const otherRuns = [];
    for (const [name, url] of otherPages) {
      await get(url);
      otherRuns.push([name, await lighthouseRuns(name.replace(" ", "-"), url)]);
    }

    // One Lighthouse run per further type keeps the bench's time reasonable; the article keeps its median of three.
    const wantedTypes = process.env.BENCH_TYPES
      ? TYPE_PAGES.filter(({ type, segment }) => process.env.BENCH_TYPES.split(",").some((name) => [type, segment].includes(name.trim())))
      : TYPE_PAGES;
    const typeRows = [];
    for (const { type, url } of await typePageUrls(server.origin, wantedTypes)) {
      const js = await firstLoadJs(await (await get(url)).text(), url);
      const run = await runLighthouse(url, workDir, `${type}-1`);
      typeRows.push({ type, url, js: js.bytes, scores: run.scores });
    }

    const cpus = os.cpus();
    console.log(`\n## Benchmark ${new Date().toISOString()}\n`);
    console.log(`- machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}`);
    console.log(`- Node ${process.version}, ${runs[0].tools}`);
    console.log(`- article: ${new URL(articleUrl).pathname} (${html.length} bytes of HTML, ${scriptCount} scripts)`);
    console.log(`- other pages in Lighthouse: ${otherPages.map(([name, url]) => `${name} ${decodeURI(new URL(url).pathname + new URL(url).search)}`).join(", ")}`);
    console.log(
      `- load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${MEASURE_SECONDS} s measured; ` +
        "Android Chrome user agent, accept-encoding: gzip; the SSR rows are the page-cache run's anonymous first visit (see its table below)",
    );
    console.log(
      `- Lighthouse ${LIGHTHOUSE_RUNS} runs (median) on the article, one run on each other type, default mobile config with simulated throttling, first visit\n`,
    );
    console.log("| measure | value | target | result |");
    console.log("|---|---|---|---|");
    console.log(`| article SSR throughput | ${ssr.rps.toFixed(0)} req/s | | |`);
    console.log(`| article SSR latency p50 / p99 | ${ms(ssr.p50)} / ${ms(ssr.p99)} | | |`);
    console.log(`| static copy throughput | ${fromDisk.rps.toFixed(0)} req/s | | |`);
    console.log(`| static copy latency p50 / p99 | ${ms(fromDisk.p50)} / ${ms(fromDisk.p99)} | | |`);
    console.log(`| SSR / static throughput | ${(ssr.rps / fromDisk.rps).toFixed(2)} | | |`);
    console.log(`| article HTML, gzip -9 | ${kb(htmlGzipped)} | | |`);
    console.log(`| first-load JS, gzip -9 | ${kb(jsGzipped)} | ≤ ${kb(JS_BUDGET_BYTES)} | ${verdict(jsGzipped <= JS_BUDGET_BYTES)} |`);
    console.log(`| JS transferred in Lighthouse's load | ${kb(jsTransferred)} | | |`);
    const printScores = (label, pageRuns) => {
      for (const id of LIGHTHOUSE_CATEGORIES) {
        const score = median(pageRuns.map((run) => run.scores[id]));
        const all = pageRuns.map((run) => run.scores[id]).join(", ");
        console.log(`| Lighthouse ${id}${label} | ${score} (runs: ${all}) | ≥ ${LIGHTHOUSE_TARGET} | ${verdict(score >= LIGHTHOUSE_TARGET)} |`);
      }
    };
    printScores("", runs);
    for (const [name, pageRuns] of otherRuns) printScores(`, ${name}`, pageRuns);

    // Per content type: every Lighthouse category ≥ 95; the article's first-load JS also ≤ 100 KB.
    console.log(`\n| type | page | first-load JS, gzip -9 | ${LIGHTHOUSE_CATEGORIES.join(" | ")} | result |`);
    console.log(`|---|---|---|${LIGHTHOUSE_CATEGORIES.map(() => "---").join("|")}|---|`);
    const typeRow = ({ type, url, js, scores: typeScores }, jsTarget) => {
      const ok = LIGHTHOUSE_CATEGORIES.every((id) => typeScores[id] >= LIGHTHOUSE_TARGET) && (jsTarget === undefined || js <= jsTarget);
      const jsCell = jsTarget === undefined ? kb(js) : `${kb(js)} (≤ ${kb(jsTarget)})`;
      console.log(`| ${type} | ${new URL(url).pathname} | ${jsCell} | ${LIGHTHOUSE_CATEGORIES.map((id) => typeScores[id]).join(" | ")} | ${verdict(ok)} |`);
    };
    const articleScores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id]))]));
    typeRow({ type: "article", url: articleUrl, js: jsGzipped, scores: articleScores }, ARTICLE_JS_TARGET_BYTES);
    for (const row of typeRows) typeRow(row);
    reportPageCache(pageCache);

    await stopServer(server);
    const liveDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-live-"));
    try {
      reportLive(await measureLive(liveDir));
    } finally {
      await rm(liveDir, { recursive: true, force: true });
    }
    const killDir = await mkdtemp(path.join(os.tmpdir(), "davmu-bench-kill-"));
    try {
      reportUpstreamKill(await measureUpstreamKill(killDir));
    } finally {
      await rm(killDir, { recursive: true, force: true });
    }
    reportSoak(await runSoak());
  } catch (error) {
    if (!interrupted && server.output.length) console.error(`last server output:\n${server.output.join("\n")}`);
    throw error;
  } finally {
    await stopServer(server);
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  // The steps an interrupt breaks fail here too; the signal handler cleans up and exits.
  if (interrupted) return;
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
