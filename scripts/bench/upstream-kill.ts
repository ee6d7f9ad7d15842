/**
 * The upstream-kill run (docs/resilience.md): a steady load on pages rendered moments before, the platform (its
 * own process) killed with SIGKILL, then started again on the same port and database.
 */
import { MOBILE_UA, sleep, verdict } from "./constants";
import { freePort, startPlatform, startServer, stopProcess, untilPlatformAnswers, untilReady, wasInterrupted } from "./processes";
import { cookiesOf, get, homeArticles } from "./site-pages";

const CONCURRENCY = 20;
const BEFORE_SECONDS = 5;
const DOWN_SECONDS = 15;
const AFTER_SECONDS = 10;
const RECOVERY_TARGET_SECONDS = 5;

type Answer = { at: number; status: number; stale: boolean };

export type UpstreamKillResult = {
  pages: number;
  downSeconds: number;
  restartSeconds: number;
  before: { total: number; errors: number };
  down: { total: number; errors: number; stale: number };
  after: { total: number; errors: number };
  recoverySeconds: number;
  recoveredByEnd: boolean;
};

/** Keeps `concurrency` requests in flight over `urls` until `stop()`, recording when each ended, its status and staleness. */
function steadyLoad(urls: string[], headers: Record<string, string>, concurrency: number) {
  const results: Answer[] = [];
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

export async function measureUpstreamKill(workDir: string): Promise<UpstreamKillResult> {
  const platformPort = await freePort();
  let platform = startPlatform(workDir, platformPort);
  const server = await startServer(workDir, { PLATFORM_API_URL: platform.origin });
  try {
    await untilPlatformAnswers(platform, 60_000);
    await untilReady(server);
    const urls = await homeArticles(server.origin);
    const first = await get(urls[0]);
    const cookie = cookiesOf(first);
    const headers = { "user-agent": MOBILE_UA, "accept-encoding": "gzip", ...(cookie && { cookie }) };
    // Every page is rendered once before the outage: 'pages rendered in the last 10 minutes'.
    for (const url of urls) await get(url, headers);

    const load = steadyLoad(urls, headers, CONCURRENCY);
    await sleep(BEFORE_SECONDS);
    const killedAt = Date.now();
    platform.child.kill("SIGKILL");
    await platform.exited;
    await sleep(DOWN_SECONDS);
    const restartedAt = Date.now();
    platform = startPlatform(workDir, platformPort);
    const backAt = await untilPlatformAnswers(platform, 60_000);
    await sleep(AFTER_SECONDS);
    await load.stop();

    const before = load.results.filter((r) => r.at < killedAt);
    const down = load.results.filter((r) => r.at >= killedAt && r.at < backAt);
    const after = load.results.filter((r) => r.at >= backAt);
    const failed = (r: Answer) => r.status !== 200;
    // Recovered once every later answer is fresh: the last stale or failed answer after the platform is back.
    const lastBad = after.filter((r) => r.stale || failed(r)).at(-1);
    const last = after.at(-1);
    return {
      pages: urls.length,
      downSeconds: (backAt - killedAt) / 1000,
      restartSeconds: (backAt - restartedAt) / 1000,
      before: { total: before.length, errors: before.filter(failed).length },
      down: { total: down.length, errors: down.filter(failed).length, stale: down.filter((r) => r.stale).length },
      after: { total: after.length, errors: after.filter(failed).length },
      recoverySeconds: lastBad ? (lastBad.at - backAt) / 1000 : 0,
      recoveredByEnd: last !== undefined && !last.stale && !failed(last),
    };
  } catch (error) {
    if (!wasInterrupted()) console.error(`last server output:\n${server.output.join("\n")}\nlast platform output:\n${platform.output.join("\n")}`);
    throw error;
  } finally {
    await stopProcess(server);
    await stopProcess(platform);
  }
}

export function reportUpstreamKill(kill: UpstreamKillResult): void {
  console.log(
    `\n### Upstream kill\n\n- ${kill.pages} article pages rendered once, then ${CONCURRENCY} concurrent visitors cycling through them ` +
      `(anonymous: the site sets no cookie, so the page cache answers); the platform (\`platform/main.ts\`, its own process) killed with SIGKILL after ${BEFORE_SECONDS} s, ` +
      `restarted after ${DOWN_SECONDS} s (answering again ${kill.restartSeconds.toFixed(1)} s later), load kept ${AFTER_SECONDS} s more\n`,
  );
  console.log("| measure | value | target | result |");
  console.log("|---|---|---|---|");
  console.log(`| answers before the kill (errors) | ${kill.before.total} (${kill.before.errors}) | | |`);
  console.log(
    `| errors while the platform was down (${kill.downSeconds.toFixed(1)} s) | ${kill.down.errors} of ${kill.down.total} | 0 | ${verdict(kill.down.errors === 0)} |`,
  );
  console.log(`| stale pages served while down | ${kill.down.stale} of ${kill.down.total} | | |`);
  console.log(`| answers after the platform was back (errors) | ${kill.after.total} (${kill.after.errors}) | | |`);
  console.log(
    `| seconds to recover (last stale or failed answer after the platform answered again) | ${kill.recoverySeconds.toFixed(1)} s | ≤ ${RECOVERY_TARGET_SECONDS} s | ${verdict(kill.recoveredByEnd && kill.recoverySeconds <= RECOVERY_TARGET_SECONDS)} |`,
  );
}
