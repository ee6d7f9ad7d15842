/**
 * One process (build/server.js) against build/cluster.js with one worker per core: the article for a logged-in
 * visitor (made from the stored page) at LOAD.connections, each beside the bare-server ceiling of its bytes.
 */
import os from "node:os";
import path from "node:path";
import { measureBareCeiling, pageGzipBytes } from "./ceiling";
import { MOBILE_UA, ms } from "./constants";
import { measureLoad, type LoadResult } from "./load";
import { CLUSTER_ENTRY, SERVER_ENTRY, startServer, withServer } from "./processes";
import { homeArticles } from "./site-pages";
import { demoCookie } from "./visitors";

export type WorkersResult = { cores: number; ceiling: LoadResult; hosts: { label: string; page: LoadResult }[] };

export async function measureWorkers(workDir: string): Promise<WorkersResult> {
  const cores = os.availableParallelism();
  const hosts: WorkersResult["hosts"] = [];
  let ceiling: LoadResult | undefined;
  for (const [label, entry, env] of [
    ["1 process", SERVER_ENTRY, {}],
    [`cluster, ${cores} workers`, CLUSTER_ENTRY, { WEB_CONCURRENCY: String(cores) }],
  ] as const) {
    const dataDir = path.join(workDir, label.replace(/\W+/g, "-"));
    await withServer(await startServer(dataDir, env, entry), async (server) => {
      const [articleUrl] = await homeArticles(server.origin);
      ceiling ??= (await measureBareCeiling(await pageGzipBytes(articleUrl))).load;
      const cookie = await demoCookie(server.origin);
      hosts.push({ label, page: await measureLoad(articleUrl, { "user-agent": MOBILE_UA, "accept-encoding": "gzip", cookie }) });
    });
  }
  return { cores, ceiling: ceiling!, hosts };
}

export function reportWorkers({ cores, ceiling, hosts }: WorkersResult): void {
  console.log(`\n### Workers (${cores} cores): a logged-in visitor of the article\n`);
  console.log("| host | article req/s | p50 | p99 | × ceiling req/s |");
  console.log("|---|---|---|---|---|");
  console.log(`| ceiling: bare node:http, own process | ${ceiling.rps.toFixed(0)} | ${ms(ceiling.p50)} | ${ms(ceiling.p99)} | 1.00 |`);
  for (const { label, page } of hosts)
    console.log(`| ${label} | ${page.rps.toFixed(0)} | ${ms(page.p50)} | ${ms(page.p99)} | ${(page.rps / ceiling.rps).toFixed(2)} |`);
  const [single, several] = hosts;
  console.log(`\nArticle throughput of the cluster over one process: ${(several.page.rps / single.page.rps).toFixed(2)}×`);
}
