/**
 * The soak: a fresh server under a realistic mix of visitors for SOAK_SECONDS at moderate load, its RSS sampled
 * throughout. Anonymous first visits spread over every published page, returning visitors revalidating what they
 * saw, and logged-in visitors reading and commenting. BENCH_SOAK_SECONDS shortens it for a trial;
 * BENCH_SOAK_CLUSTER=1 runs build/cluster.js instead of one process (the RSS is then summed over the primary and its
 * workers, and the target applies to the largest of them).
 */
import os from "node:os";
import { BASE_PATH } from "../../app/lib/base-path";
import { contentTypeEntry } from "../../app/lib/content-types";
import { pathInLanguage } from "../../app/lib/languages";
import { LIST_FIXTURES } from "../../platform/seed-lists";
import { urlId } from "../../tests/e2e/support/urls";
import { MOBILE_UA, RSS_TARGET_MB, sleep, verdict } from "./constants";
import {
  CLUSTER_ENTRY,
  pageCacheStats,
  processTree,
  rssMegabytes,
  SERVER_ENTRY,
  startServer,
  treeRssMegabytes,
  withPlatform,
  withServer,
  type Running,
} from "./processes";
import { PAGE_TYPES, publishedContent, shortDetailPath } from "./site-pages";
import { cookieJar, demoCookie, newUserCookie, type CookieJar } from "./visitors";

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const WARMUP_SECONDS = 30;
const SAMPLE_SECONDS = 5;
/** Visitors in flight at once: a moderate load, well under the 50 connections of the throughput rows. */
const VISITORS = 10;
/** Logged-in visitors: the demo account and some registered by code (the platform allows 5 comments a minute each). */
const USERS = 5;
const COMMENT_INTERVAL_MS = 15_000;
const GROWTH_TARGET = 0.1;
/** Shares of the mix; a logged-in visitor comments instead of reading at most every COMMENT_INTERVAL_MS. */
const MIX = { first: 0.55, returning: 0.25, loggedIn: 0.2 };
/** One page in this many is also in the mix in Traditional Chinese (its zh-Hant address). */
const TRADITIONAL_EVERY = 5;
/** The content types of the first visits: local live pages stay out, as they always have, so the figures compare across runs. */
const MIX_TYPES = new Set(["article", "video", "svideo", "audio", "image", "audio_album", "video_album", "mini_program", "special"]);
const USER_AGENTS = [
  MOBILE_UA,
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160083 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
];

type Mix = { pages: string[]; articles: string[]; searches: number };
type User = { jar: CookieJar; commentedAt: number };
type Counts = { first: number; returning: number; read: number; comment: number };

export type SoakResult = {
  clustered: boolean;
  processes: number;
  pages: number;
  searches: number;
  seconds: number;
  rssIdle: number;
  /** The platform's peak RSS, in its own process: for information, the target is the site's. */
  platformPeak: number;
  rss: { start: number; peak: number; end: number };
  largestPeak: number;
  samples: number;
  answers: number;
  counts: Counts;
  errors: string[];
  warmupErrors: string[];
  pageCache: string;
};

/**
 * Every page of the mix: each published content item, the home, the lists, a clue, a circle post, and searches; and
 * one in TRADITIONAL_EVERY of them in Traditional Chinese too (the converter's tables then live in the process, as they would).
 */
async function soakPages(platformOrigin: string): Promise<Mix> {
  const pages = [BASE_PATH];
  const words = new Set<string>();
  for (const item of await publishedContent(platformOrigin)) {
    const segment = contentTypeEntry(item.content_type)?.page?.segment;
    if (segment === undefined || !MIX_TYPES.has(item.content_type)) continue;
    pages.push(shortDetailPath(segment, item.post_id));
    // Two-character slices of titles: words with results, and many distinct search pages.
    const title = [...String(item.title ?? "")];
    for (let at = 0; at + 2 <= title.length && at < 9; at += 3) words.add(title.slice(at, at + 2).join(""));
  }
  for (const list of [LIST_FIXTURES.cityRenewal, LIST_FIXTURES.weekend, LIST_FIXTURES.audio]) pages.push(`${BASE_PATH}list/${urlId(list)}/index`);
  pages.push(...PAGE_TYPES.filter(({ type }) => type === "dejin detail" || type === "dimim post").map(({ path }) => path));
  for (const word of words) pages.push(`${BASE_PATH}search/index?keyword=${encodeURIComponent(word)}`);
  pages.push(...pages.filter((_, index) => index % TRADITIONAL_EVERY === 0).map((page) => pathInLanguage(page, "zh-Hant")));
  return { pages, articles: pages.filter((page) => page.includes("/news/doc/")), searches: words.size };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** Runs the mix with VISITORS in flight until `stop()`, counting answers and errors per kind of visit. */
function soakLoad(server: Running, { pages, articles }: Mix, users: User[]) {
  const counts: Counts = { first: 0, returning: 0, read: 0, comment: 0 };
  const errors: string[] = [];
  const etags = new Map<string, { etag: string; userAgent: string }>();
  let stopped = false;
  let comments = 0;
  const request = async (kind: keyof Counts, url: string, init: RequestInit, expected: number[]) => {
    try {
      const response = await fetch(server.origin + url, { redirect: "manual", ...init });
      await response.arrayBuffer();
      counts[kind] += 1;
      if (!expected.includes(response.status)) errors.push(`${kind} ${url}: ${response.status}`);
      return response;
    } catch (error) {
      counts[kind] += 1;
      errors.push(`${kind} ${url}: ${(error as Error).message}`);
      return null;
    }
  };
  const anonymousHeaders = () => ({ "user-agent": pick(USER_AGENTS), "accept-encoding": "gzip, deflate, br" });
  const visit = async () => {
    const roll = Math.random();
    if (roll < MIX.first || etags.size === 0) {
      const page = pick(pages);
      const share = `${page.includes("?") ? "&" : "?"}from=singlemessage&isappinstalled=0&_t=${Date.now()}`;
      const headers = anonymousHeaders();
      const response = await request("first", page + share, { headers }, [200]);
      const etag = response?.headers.get("etag");
      if (etag) etags.set(page, { etag, userAgent: headers["user-agent"] });
      return;
    }
    if (roll < MIX.first + MIX.returning) {
      const [page, { etag, userAgent }] = pick([...etags]);
      // Changed since (a comment dropped it, or it was refreshed): a 200 with the new page is right too.
      await request("returning", page, { headers: { ...anonymousHeaders(), "user-agent": userAgent, "if-none-match": etag } }, [304, 200]);
      return;
    }
    const user = pick(users);
    const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip, deflate, br", cookie: user.jar.header() };
    if (Date.now() - user.commentedAt < COMMENT_INTERVAL_MS) {
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
  const workers = Array.from({ length: VISITORS }, async () => {
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

/** Every page once for each of USER_AGENTS, VISITORS at a time. */
async function warmPages(server: Running, pages: string[]): Promise<void> {
  const queue = USER_AGENTS.flatMap((userAgent) => pages.map((page) => ({ page, userAgent })));
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        // Not counted: the errors that matter are the measured minutes'.
        const response = await fetch(server.origin + next.page, {
          headers: { "user-agent": next.userAgent, "accept-encoding": "gzip, deflate, br" },
        });
        await response.arrayBuffer();
      }
    }),
  );
}

const total = (counts: Counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The RSS of a minute as the mean of its samples: one sample lands anywhere on the heap's saw-tooth (about ±10 MB
 * between collections), so growth is measured from the first minute's mean to the last's.
 */
const PER_MINUTE = 60 / SAMPLE_SECONDS;
const minuteMean = (samples: { sum: number }[]) => samples.reduce((sum, sample) => sum + sample.sum, 0) / samples.length;

export async function measureSoak(workDir: string): Promise<SoakResult> {
  const clustered = process.env.BENCH_SOAK_CLUSTER === "1";
  // The site as deployed: the platform in a process of its own, whose memory is not the site's.
  return withPlatform(workDir, async (platform) => {
    const server = await startServer(
      workDir,
      { LOG_LEVEL: "silent", PLATFORM_API_URL: platform.origin, ...(clustered && { WEB_CONCURRENCY: String(os.availableParallelism()) }) },
      clustered ? CLUSTER_ENTRY : SERVER_ENTRY,
    );
    return withServer(server, (running) => soakSite(running, platform, clustered));
  });
}

async function soakSite(server: Running, platform: Running, clustered: boolean): Promise<SoakResult> {
  const pid = server.child.pid!;
  const rssIdle = (await treeRssMegabytes(pid)).sum;
  const mix = await soakPages(platform.origin);
  const users: User[] = [{ jar: cookieJar(await demoCookie(server.origin)), commentedAt: 0 }];
  for (let i = 1; i < USERS; i++) users.push({ jar: cookieJar(await newUserCookie(server.origin, platform.origin)), commentedAt: 0 });
  // The warm-up: every page of the mix once for each user agent (the caches take in what the mix will ask for),
  // then the mix itself for a while; what the RSS does after that is the soak's figure.
  await warmPages(server, mix.pages);
  const load = soakLoad(server, mix, users);
  await sleep(WARMUP_SECONDS);
  const startedAt = Date.now();
  const answersBefore = total(load.counts);
  const errorsBefore = load.errors.length;
  const samples = [await treeRssMegabytes(pid)];
  let platformPeak = await rssMegabytes(platform.child.pid!);
  while (Date.now() - startedAt < SOAK_SECONDS * 1000) {
    await sleep(SAMPLE_SECONDS);
    samples.push(await treeRssMegabytes(pid));
    platformPeak = Math.max(platformPeak, await rssMegabytes(platform.child.pid!));
  }
  const seconds = (Date.now() - startedAt) / 1000;
  const answers = total(load.counts) - answersBefore;
  await load.stop();
  const pages = await pageCacheStats(server);
  return {
    clustered,
    processes: (await processTree(pid)).length,
    pages: mix.pages.length,
    searches: mix.searches,
    seconds,
    rssIdle,
    platformPeak,
    rss: {
      start: minuteMean(samples.slice(0, PER_MINUTE)),
      peak: Math.max(...samples.map(({ sum }) => sum)),
      end: minuteMean(samples.slice(-PER_MINUTE)),
    },
    largestPeak: Math.max(...samples.map(({ largest }) => largest)),
    samples: samples.length,
    answers,
    counts: load.counts,
    errors: load.errors.slice(errorsBefore),
    warmupErrors: load.errors.slice(0, errorsBefore),
    pageCache:
      `page cache: ${pages.entries} pages, ${(pages.bytes / 2 ** 20).toFixed(1)} MiB; ` +
      `hits ${pages.hits}, stale ${pages.stale}, joined ${pages.joined}, misses ${pages.misses}, uncached ${pages.uncached}, personal ${pages.personal}`,
  };
}

export function reportSoak(soak: SoakResult): void {
  const growth = (soak.rss.end - soak.rss.start) / soak.rss.start;
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const host = soak.clustered ? `build/cluster.js (${soak.processes} processes, RSS summed)` : "build/server.js";
  console.log(
    `\n### Soak\n\n- ${host} from a fresh start; ${VISITORS} visitors in flight; warm-up: every page once per user agent, then ${WARMUP_SECONDS} s of the mix; ` +
      `${soak.seconds.toFixed(0)} s measured; RSS from /proc every ${SAMPLE_SECONDS} s (${soak.samples} samples)\n` +
      `- mix: ${Math.round(MIX.first * 100)} % anonymous first visits (a new share of one of ${soak.pages} pages: every published content item, the home, ` +
      `lists, a clue, a circle post and ${soak.searches} searches, one in ${TRADITIONAL_EVERY} of them in Traditional Chinese too; three user agents), ${Math.round(MIX.returning * 100)} % returning visitors ` +
      `(If-None-Match), ${Math.round(MIX.loggedIn * 100)} % logged-in visitors (${USERS} accounts) reading, each commenting at most every ` +
      `${COMMENT_INTERVAL_MS / 1000} s and landing back on the article\n`,
  );
  console.log("| measure | value | target | result |");
  console.log("|---|---|---|---|");
  console.log(`| RSS idle after start | ${mb(soak.rssIdle)} | | |`);
  console.log(`| RSS peak of the platform, in its own process | ${mb(soak.platformPeak)} | | |`);
  if (soak.clustered) {
    // The target is each process's: the sum is for sizing the machine.
    console.log(
      `| RSS first minute (mean) / peak / last minute (mean), all processes | ${mb(soak.rss.start)} / ${mb(soak.rss.peak)} / ${mb(soak.rss.end)} | | |`,
    );
    console.log(
      `| RSS peak of the largest process | ${mb(soak.largestPeak)} | ≤ ${RSS_TARGET_MB} MB | ${verdict(soak.largestPeak <= RSS_TARGET_MB)} |`,
    );
  } else {
    console.log(
      `| RSS first minute (mean) / peak / last minute (mean) | ${mb(soak.rss.start)} / ${mb(soak.rss.peak)} / ${mb(soak.rss.end)} | ≤ ${RSS_TARGET_MB} MB | ${verdict(soak.rss.peak <= RSS_TARGET_MB)} |`,
    );
  }
  console.log(
    `| RSS growth, first minute to last | ${(growth * 100).toFixed(1)} % | < ${GROWTH_TARGET * 100} % | ${verdict(growth < GROWTH_TARGET)} |`,
  );
  console.log(
    `| answers (req/s) | ${soak.answers} (${(soak.answers / soak.seconds).toFixed(0)} req/s): first visits ${soak.counts.first}, returning ${soak.counts.returning}, ` +
      `logged-in reads ${soak.counts.read}, comments ${soak.counts.comment} (counts include the warm-up) | | |`,
  );
  console.log(`| errors (unexpected status or failed request) | ${soak.errors.length} | 0 | ${verdict(soak.errors.length === 0)} |`);
  console.log(`| ${soak.pageCache.replace(/\|/g, "/")} | | | |`);
  for (const error of [...soak.warmupErrors.slice(0, 5).map((e) => `warm-up: ${e}`), ...soak.errors.slice(0, 10)]) console.log(`- ${error}`);
}
