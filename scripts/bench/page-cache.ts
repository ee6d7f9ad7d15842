/**
 * The page-cache run: each kind of visitor of the article under load, against the bare-server ceiling of the same
 * gzip bytes. Anonymous first visits (a new share of the link each time), anonymous returning visitors (a 304) and
 * logged-in visitors (the stored page made theirs).
 */
import { measureCeilings, pageGzipBytes, type Ceiling } from "./ceiling";
import { LOAD, MOBILE_UA, ms, RSS_TARGET_MB, verdict } from "./constants";
import { measureLoad, type LoadResult } from "./load";
import { pageCacheStats, rssMegabytes, type Running } from "./processes";
import { get } from "./site-pages";
import { demoCookie } from "./visitors";

const ANONYMOUS_TARGET = 0.5;
const ANONYMOUS_P99_TARGET = 2;
const LOGGED_IN_TARGET = 0.1;

type Row = { name: string; load: LoadResult; anonymous: boolean };

export type PageCacheResult = {
  gzipBytes: number;
  ceilings: Ceiling[];
  rows: Row[];
  hitRatio: number;
  rssAnonymousMb: number;
  rssMb: number;
};

/** Pages served without a render and pages rendered, so far. */
async function pageCacheCounts(server: Running) {
  const pages = await pageCacheStats(server);
  return { served: pages.hits + pages.stale + pages.joined, rendered: pages.misses + pages.uncached };
}

export async function measurePageCache(server: Running, articleUrl: string): Promise<PageCacheResult> {
  const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip" };
  const first = await get(articleUrl, headers);
  const etag = first.headers.get("etag");
  if (!etag || first.headers.getSetCookie().length > 0) throw new Error("the article is not a stored anonymous page");
  await first.arrayBuffer();
  const gzipped = await pageGzipBytes(articleUrl);
  const ceilings = await measureCeilings(gzipped);

  // Every first visit comes from another share: WeChat's parameters and a new _t on each request.
  let visit = 0;
  const article = new URL(articleUrl);
  const firstVisits = [{ setupRequest: (request: object) => ({ ...request, path: `${article.pathname}?from=singlemessage&isappinstalled=0&_t=${Date.now()}${visit++}` }) }];
  const before = await pageCacheCounts(server);
  const pid = server.child.pid!;
  const anonymousFirst = await measureLoad(articleUrl, headers, firstVisits, pid);
  // A returning anonymous visitor has no cookie (nothing was set): their browser revalidates its copy.
  const anonymousReturning = await measureLoad(articleUrl, { ...headers, "if-none-match": etag }, undefined, pid);
  const after = await pageCacheCounts(server);
  const rssAnonymousMb = await rssMegabytes(server.child.pid!);
  const loggedIn = await measureLoad(articleUrl, { ...headers, cookie: await demoCookie(server.origin) }, undefined, pid);
  const served = after.served - before.served;
  const total = served + after.rendered - before.rendered;
  return {
    gzipBytes: gzipped.length,
    ceilings,
    rows: [
      { name: "anonymous first visit (new `_t` each request)", load: anonymousFirst, anonymous: true },
      { name: "anonymous returning visitor (If-None-Match: 304)", load: anonymousReturning, anonymous: true },
      { name: "logged-in visitor (made from the stored page)", load: loggedIn, anonymous: false },
    ],
    hitRatio: total > 0 ? served / total : 0,
    rssAnonymousMb,
    rssMb: await rssMegabytes(server.child.pid!),
  };
}

export function reportPageCache(result: PageCacheResult): void {
  // The node:http ceiling is the reference: it exists on every machine, so the ratios compare across machines.
  const reference = result.ceilings[0].load;
  console.log(
    `\n| page cache (article, ${result.gzipBytes} bytes gzip, ${LOAD.connections} connections) | req/s | p50 / p99 | × ceiling req/s | server CPU per answer | target | result |`,
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const { label, load } of result.ceilings) {
    console.log(`| ceiling: ${label} | ${load.rps.toFixed(0)} | ${ms(load.p50)} / ${ms(load.p99)} | ${(load.rps / reference.rps).toFixed(2)} | | | |`);
  }
  for (const { name, load, anonymous } of result.rows) {
    const ratio = load.rps / reference.rps;
    const target = anonymous ? ANONYMOUS_TARGET : LOGGED_IN_TARGET;
    const ok = ratio >= target && (!anonymous || load.p99 <= ANONYMOUS_P99_TARGET * reference.p99);
    const goal = anonymous ? `≥ ${target}×, p99 ≤ ${ANONYMOUS_P99_TARGET}× ceiling's` : `≥ ${target}×`;
    const cpu = load.cpuPerAnswer === undefined ? "" : `${load.cpuPerAnswer.toFixed(2)} ms`;
    console.log(`| ${name} | ${load.rps.toFixed(0)} | ${ms(load.p50)} / ${ms(load.p99)} | ${ratio.toFixed(2)} | ${cpu} | ${goal} | ${verdict(ok)} |`);
  }
  console.log(`| cache hit ratio, anonymous runs (served without a render) | ${(result.hitRatio * 100).toFixed(2)} % | | | | | |`);
  console.log(`| RSS after the anonymous rows | ${result.rssAnonymousMb.toFixed(0)} MB | | | | | |`);
  console.log(`| RSS after the run | ${result.rssMb.toFixed(0)} MB | | | | ≤ ${RSS_TARGET_MB} MB | ${verdict(result.rssMb <= RSS_TARGET_MB)} |`);
}
