/**
 * The hashed assets as the host sends them: the browser entry script for a phone accepting brotli and gzip, at
 * LOAD.connections against one process, with the server's CPU per answer and the bytes of the encoded body.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { BASE_PATH } from "../../app/lib/base-path";
import { ms } from "./constants";
import { measureLoad, type LoadResult } from "./load";
import { ROOT, startServer, withServer } from "./processes";

const ACCEPT = { "accept-encoding": "br, gzip" };

export type StaticAssetsResult = { load: LoadResult; encoding: string; bytes: number };

export async function measureStaticAssets(dataDir: string): Promise<StaticAssetsResult> {
  const entry = (await readdir(path.join(ROOT, "build/client/assets"))).find((name) => /^entry\.client-.*\.js$/.test(name));
  if (!entry) throw new Error("build/client/assets holds no entry.client script: run npm run build first");
  return withServer(await startServer(dataDir), async (server) => {
    const url = `${server.origin}${BASE_PATH}assets/${entry}`;
    const answer = await fetch(url, { headers: ACCEPT });
    const encoding = answer.headers.get("content-encoding") ?? "identity";
    const bytes = Number(answer.headers.get("content-length"));
    await answer.arrayBuffer();
    return { load: await measureLoad(url, ACCEPT, undefined, { server: server.child.pid! }), encoding, bytes };
  });
}

export function reportStaticAssets({ load, encoding, bytes }: StaticAssetsResult): void {
  console.log("\n### Static assets: the entry script, `Accept-Encoding: br, gzip`, one process\n");
  console.log("| encoding | body | req/s | p50 | p99 | server CPU per answer |");
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| ${encoding} | ${(bytes / 1000).toFixed(1)} KB | ${load.rps.toFixed(0)} | ${ms(load.p50)} | ${ms(load.p99)} | ${ms(load.cpuPerAnswer!)} |`,
  );
}
