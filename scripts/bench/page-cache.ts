/**
 * The page-cache run: each kind of visitor of the article under load, against the bare-server ceiling of the same
 * gzip bytes. Anonymous first visits (a new share of the link each time), anonymous returning visitors (a 304) and
 * logged-in visitors (the stored page made theirs). The site reads a platform in a process of its own, as in
 * production; a last row measures logged-in visitors of a site with the platform embedded in its process, the
 * development set-up, where every platform call a page makes is also served by the site's process.
 */
import { measureCeilings, pageGzipBytes, type Ceiling } from "./ceiling";
import { LOAD, MOBILE_UA, ms, RSS_TARGET_MB, verdict } from "./constants";
import { measureLoad, type LoadResult } from "./load";
import { pageCacheStats, rssMegabytes, startServer, withServer, type Running } from "./processes";
import { get } from "./site-pages";
import { demoCookie } from "./visitors";

const ANONYMOUS_TARGET = 0.5;
const ANONYMOUS_P99_TARGET = 2;
const LOGGED_IN_TARGET = 0.1;

/** `target`: whether the row has a target (the anonymous one, else the logged-in one), or is there to compare. */
type Row = { name: string; load: LoadResult; anonymous: boolean; target: boolean };

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

/** `server` reads `platform` (its own process); `embeddedDir` is where a site with the platform embedded keeps its data. */
export async function measurePageCache(server: Running, platform: Running, articlePath: string, embeddedDir: string): Promise<PageCacheResult> {
  const articleUrl = server.origin + articlePath;
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
  const firstVisits = [
    {
      setupRequest: (request: object) => ({ ...request, path: `${article.pathname}?from=singlemessage&isappinstalled=0&_t=${Date.now()}${visit++}` }),
    },
  ];
  const before = await pageCacheCounts(server);
  const measured = { server: server.child.pid!, platform: platform.child.pid! };
  const anonymousFirst = await measureLoad(articleUrl, headers, firstVisits, measured);
  // A returning anonymous visitor has no cookie (nothing was set): their browser revalidates its copy.
  const anonymousReturning = await measureLoad(articleUrl, { ...headers, "if-none-match": etag }, undefined, measured);
  const after = await pageCacheCounts(server);
  const rssAnonymousMb = await rssMegabytes(server.child.pid!);
  const loggedIn = await measureLoad(articleUrl, { ...headers, cookie: await demoCookie(server.origin) }, undefined, measured);
  const rssMb = await rssMegabytes(server.child.pid!);
  const loggedInEmbedded = await withServer(await startServer(embeddedDir), async (embedded) => {
    const url = embedded.origin + articlePath;
    await (await get(url, headers)).arrayBuffer();
    return measureLoad(url, { ...headers, cookie: await demoCookie(embedded.origin) }, undefined, { server: embedded.child.pid! });
  });
  const served = after.served - before.served;
  const total = served + after.rendered - before.rendered;
  return {
    gzipBytes: gzipped.length,
    ceilings,
    rows: [
      { name: "anonymous first visit (new `_t` each request)", load: anonymousFirst, anonymous: true, target: true },
      { name: "anonymous returning visitor (If-None-Match: 304)", load: anonymousReturning, anonymous: true, target: true },
      { name: "logged-in visitor (made from the stored page)", load: loggedIn, anonymous: false, target: true },
      { name: "logged-in visitor, the platform embedded in the site's process", load: loggedInEmbedded, anonymous: false, target: false },
    ],
    hitRatio: total > 0 ? served / total : 0,
    rssAnonymousMb,
    rssMb,
  };
}

export function reportPageCache(result: PageCacheResult): void {
  // The node:http ceiling is the reference: it exists on every machine, so the ratios compare across machines.
  const reference = result.ceilings[0].load;
  console.log(
    `\n| page cache (article, ${result.gzipBytes} bytes gzip, ${LOAD.connections} connections) | req/s | p50 / p99 | × ceiling req/s | CPU per answer: site / platform | target | result |`,
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const { label, load } of result.ceilings) {
    console.log(
      `| ceiling: ${label} | ${load.rps.toFixed(0)} | ${ms(load.p50)} / ${ms(load.p99)} | ${(load.rps / reference.rps).toFixed(2)} | | | |`,
    );
  }
  const cpu = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(2)} ms`);
  for (const { name, load, anonymous, target: hasTarget } of result.rows) {
    const ratio = load.rps / reference.rps;
    const target = anonymous ? ANONYMOUS_TARGET : LOGGED_IN_TARGET;
    const ok = ratio >= target && (!anonymous || load.p99 <= ANONYMOUS_P99_TARGET * reference.p99);
    const goal = !hasTarget ? "" : anonymous ? `≥ ${target}×, p99 ≤ ${ANONYMOUS_P99_TARGET}× ceiling's` : `≥ ${target}×`;
    const costs = `${cpu(load.cpuPerAnswer)} / ${cpu(load.platformCpuPerAnswer)}`;
    console.log(
      `| ${name} | ${load.rps.toFixed(0)} | ${ms(load.p50)} / ${ms(load.p99)} | ${ratio.toFixed(2)} | ${costs} | ${goal} | ${hasTarget ? verdict(ok) : ""} |`,
    );
  }
  console.log(`| cache hit ratio, anonymous runs (served without a render) | ${(result.hitRatio * 100).toFixed(2)} % | | | | | |`);
  console.log(`| RSS of the site after the anonymous rows | ${result.rssAnonymousMb.toFixed(0)} MB | | | | | |`);
  console.log(
    `| RSS of the site after the logged-in row | ${result.rssMb.toFixed(0)} MB | | | | ≤ ${RSS_TARGET_MB} MB | ${verdict(result.rssMb <= RSS_TARGET_MB)} |`,
  );
}
