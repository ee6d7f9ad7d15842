// `npm run bench`: measures the built host (build/server.js) on this machine and prints a Markdown report
// (docs/benchmarks.md says what each part measures). `--only=page-cache,lighthouse,…` runs some parts;
// BENCH_TYPES limits the page types of the Lighthouse part. A missed target is reported, not fatal; a failed
// measurement exits non-zero.
import { existsSync } from "node:fs";
import path from "node:path";
import { measureEdge, reportEdge } from "./edge";
import { measureLive, reportLive } from "./live-fan-out";
import { measurePageCache, reportPageCache } from "./page-cache";
import { measurePageTypes, reportPageTypes } from "./page-types";
import {
  removeTemporaryDirectories,
  ROOT,
  SERVER_ENTRY,
  startServer,
  stopEverythingOnSignal,
  temporaryDirectory,
  wasInterrupted,
  withPlatform,
  withServer,
} from "./processes";
import { reportEnd, reportHead } from "./report";
import { PAGE_TYPES, wantedPageTypes } from "./site-pages";
import { measureSoak, reportSoak } from "./soak";
import { measureStaticAssets, reportStaticAssets } from "./static-assets";
import { measureUpstreamKill, reportUpstreamKill } from "./upstream-kill";
import { measureWorkers, reportWorkers } from "./workers";

/** The parts in the order a full run takes them; `workers` runs only when asked for. */
const PARTS = ["page-cache", "lighthouse", "live", "upstream-kill", "soak", "edge", "static-assets", "workers"] as const;
type Part = (typeof PARTS)[number];

function partsAsked(): Part[] {
  const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  if (only === undefined) return PARTS.filter((part) => part !== "workers");
  const asked = only.split(",");
  const unknown = asked.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length) throw new Error(`--only=${unknown.join(",")}: the parts are ${PARTS.join(", ")}`);
  return PARTS.filter((part) => asked.includes(part));
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run npm run build first`);
  const parts = partsAsked();
  const types = wantedPageTypes();
  stopEverythingOnSignal();
  reportHead(process.argv.some((arg) => arg.startsWith("--only=")) ? parts : []);
  try {
    if (parts.includes("page-cache")) {
      // The site as deployed: the platform in a process of its own, which the site reads over HTTP.
      const dir = await temporaryDirectory("page-cache");
      const article = PAGE_TYPES.find(({ type }) => type === "article")!;
      const embeddedDir = await temporaryDirectory("page-cache-embedded");
      const result = await withPlatform(dir, async (platform) =>
        withServer(await startServer(dir, { PLATFORM_API_URL: platform.origin }), (server) =>
          measurePageCache(server, platform, article.path, embeddedDir),
        ),
      );
      reportPageCache(result);
    }
    // The pages and their media from one origin, as a fresh checkout serves them: the platform embedded.
    if (parts.includes("lighthouse") && types.length > 0) {
      const dir = await temporaryDirectory("site");
      await withServer(await startServer(dir), async (server) => reportPageTypes(await measurePageTypes(server.origin, types, dir)));
    }
    if (parts.includes("live")) reportLive(await measureLive(await temporaryDirectory("live")));
    if (parts.includes("upstream-kill")) reportUpstreamKill(await measureUpstreamKill(await temporaryDirectory("kill")));
    if (parts.includes("soak")) reportSoak(await measureSoak(await temporaryDirectory("soak")));
    if (parts.includes("edge")) reportEdge(await measureEdge(await temporaryDirectory("edge")));
    if (parts.includes("static-assets")) reportStaticAssets(await measureStaticAssets(await temporaryDirectory("static-assets")));
    if (parts.includes("workers")) reportWorkers(await measureWorkers(await temporaryDirectory("workers")));
    reportEnd(startedAt);
  } finally {
    await removeTemporaryDirectories();
  }
}

main().catch((error: Error) => {
  // The steps an interrupt breaks fail here too; the signal handler cleans up and exits.
  if (wasInterrupted()) return;
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
