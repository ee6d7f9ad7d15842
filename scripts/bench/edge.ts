/**
 * The edge (`npm run edge`, Varnish) in front of one process of the site: the article for an anonymous phone at
 * LOAD.connections through the edge, beside the site alone and the bare-server ceiling of the page's bytes; how many
 * requests of a burst of BURST at a page the edge has not stored reach the site; and how long a purge by the page's
 * tag takes, from the request to the edge's answer. Everything on this one machine: the edge takes cores from the site.
 */
import autocannon from "autocannon";
import { BASE_PATH } from "../../app/lib/base-path";
import { purgeEdge } from "../../server/page-cache/edge-purge";
import { measureBareCeiling, pageGzipBytes } from "./ceiling";
import { MOBILE_UA, ms, quantile } from "./constants";
import { measureLoad, type LoadResult } from "./load";
import { freePort, pageCacheStats, startEdge, startServer, stopProcess, withServer, type Running } from "./processes";
import { homeArticles } from "./site-pages";

const BURST = 10_000;
const BURST_CONNECTIONS = 200;
const PURGES = 200;
const PURGE_KEY = "bench-edge-purge-key-0123456789abcdef";
const PHONE = { "user-agent": MOBILE_UA, "accept-encoding": "gzip" };

export type EdgeResult = {
  ceiling: LoadResult;
  site: LoadResult;
  edge: LoadResult;
  burst: { requests: number; originRequests: number };
  purge: { p50: number; p99: number; max: number };
};

/** Every answer of the page cache's pipeline: what reached the site. */
const answered = async (server: Running) => {
  const { hits, stale, joined, misses, uncached } = await pageCacheStats(server);
  return hits + stale + joined + misses + uncached;
};

async function untilEdgeServes(edge: Running, url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (edge.child.exitCode !== null) break;
    const status = await fetch(url, { headers: PHONE }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the edge did not serve ${url}:\n${edge.output.join("\n")}`);
}

async function measurePurges(edge: Running, url: string, tags: string[]): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < PURGES; i++) {
    // Stored again first, so each purge removes a page.
    await (await fetch(url, { headers: PHONE })).arrayBuffer();
    const started = performance.now();
    await purgeEdge(`${edge.origin}/`, tags, PURGE_KEY);
    durations.push(performance.now() - started);
  }
  return durations;
}

export async function measureEdge(dataDir: string): Promise<EdgeResult> {
  const edgePort = await freePort();
  // The site answers requests for the edge's host too.
  return withServer(await startServer(dataDir, { ALLOWED_HOSTS: `localhost:${edgePort}` }), async (server) => {
    const [article, unseen] = await homeArticles(server.origin);
    if (!unseen) throw new Error("the home page links to fewer than two articles");
    const ceiling = (await measureBareCeiling(await pageGzipBytes(article))).load;
    const site = await measureLoad(article, PHONE);
    const edge = startEdge(edgePort, [`127.0.0.1:${new URL(server.origin).port}`], PURGE_KEY);
    try {
      const atEdge = (url: string) => url.replace(server.origin, edge.origin);
      await untilEdgeServes(edge, atEdge(server.origin + BASE_PATH));
      const edgeLoad = await measureLoad(atEdge(article), PHONE);

      const before = await answered(server);
      const burst = await autocannon({ url: atEdge(unseen), headers: PHONE, connections: BURST_CONNECTIONS, amount: BURST });
      if (burst.non2xx + burst.errors + burst.timeouts > 0) throw new Error(`the burst at the edge: ${burst.non2xx} non-2xx, ${burst.errors} errors`);
      const originRequests = (await answered(server)) - before;

      const tags = (await fetch(article, { headers: PHONE })).headers.get("surrogate-key")?.split(" ") ?? [];
      if (tags.length === 0) throw new Error(`${article} names no Surrogate-Key`);
      const durations = await measurePurges(edge, atEdge(article), tags);
      return {
        ceiling,
        site,
        edge: edgeLoad,
        burst: { requests: burst.requests.total, originRequests },
        purge: { p50: quantile(durations, 0.5), p99: quantile(durations, 0.99), max: Math.max(...durations) },
      };
    } finally {
      await stopProcess(edge);
    }
  });
}

export function reportEdge({ ceiling, site, edge, burst, purge }: EdgeResult): void {
  console.log("\n### The edge: Varnish in front of one process, an anonymous phone's article\n");
  console.log("| server | req/s | p50 | p99 | × ceiling req/s |");
  console.log("|---|---|---|---|---|");
  for (const [label, load] of [
    ["ceiling: bare node:http, own process", ceiling],
    ["the site alone (its page cache)", site],
    ["the edge in front of it", edge],
  ] as const)
    console.log(`| ${label} | ${load.rps.toFixed(0)} | ${ms(load.p50)} | ${ms(load.p99)} | ${(load.rps / ceiling.rps).toFixed(2)} |`);
  const per10k = (burst.originRequests / burst.requests) * 10_000;
  console.log(
    `\nA burst of ${burst.requests} requests (${BURST_CONNECTIONS} connections) at a page the edge had not stored: ` +
      `${burst.originRequests} reached the site (${per10k.toFixed(1)} per 10,000).`,
  );
  console.log(`Purge by tag, request to the edge's answer, ${PURGES} purges: p50 ${ms(purge.p50)}, p99 ${ms(purge.p99)}, max ${ms(purge.max)}.`);
}
