// One site worker per core sharing the port; with the embedded platform this primary runs it once on a loopback port,
// since it owns the SQLite database and its timers.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { relayContentWrites } from "../../app/runtime/content-writes.server";
import { env } from "../../app/runtime/env.server";
import { logger, routeConsoleToLogger } from "../../app/runtime/logger.server";
import { DRAIN_LIMIT_MS } from "../ops/graceful-shutdown";
import { detailRoute, workersDetail } from "../ops/health-detail";
import { startInternalListener, workersMetrics } from "../ops/metrics-listener";
import { nativeMemoryEnv, withHeapSettings } from "../ops/process-memory";
import { announceStartUp } from "../ops/start-up-message";
import { watchWorkerHealth } from "./worker-health";

routeConsoleToLogger();
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.dirname(here);
const workerCount = env.WEB_CONCURRENCY ?? os.availableParallelism();
// A worker that dies this soon after starting is failing to start (port taken, bad configuration): stop retrying.
const EARLY_DEATH_MS = 5000;
const EARLY_DEATHS_ALLOWED = 3;
// A worker's probe call gives up within the platform's timeout.
const DETAIL_TIMEOUT_MS = env.PLATFORM_TIMEOUT_MS + 1000;

const embedded = env.embeddedPlatform ? await import("./embedded-platform") : null;
const platform = embedded?.embeddedPlatform(projectRoot, env, embedded.platformLogThrough(logger)) ?? null;
const hosted = platform && embedded ? await embedded.listenPlatform(platform) : null;

// Every worker must sign and read sessions alike, and share the development key the primary prints.
const workerEnv: Record<string, string> = {
  SESSION_SECRET: env.sessionSecrets.join(","),
  PLATFORM_DEV_KEY: env.platformDevKey,
  ...(hosted ? { PLATFORM_API_URL: hosted.origin, EMBEDDED_PLATFORM_URL: hosted.origin } : {}),
  ...nativeMemoryEnv(process.env),
};

cluster.setupPrimary({ exec: path.join(projectRoot, "build/server.js"), execArgv: withHeapSettings(process.execArgv, process.env.NODE_OPTIONS) });

let stopping = false;
let earlyDeaths = 0;
const startedAt = new Map<number, number>();

function fork(): Worker {
  const worker = cluster.fork(workerEnv);
  startedAt.set(worker.id, Date.now());
  return worker;
}

cluster.on("exit", (worker, code, signal) => {
  const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
  startedAt.delete(worker.id);
  if (stopping) return;
  logger.warn(
    { worker: worker.id, pid: worker.process.pid, exit: signal ?? code },
    `worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? code}); starting another`,
  );
  earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0;
  if (earlyDeaths > EARLY_DEATHS_ALLOWED) {
    logger.fatal("workers keep dying at start-up; giving up");
    void stop(1);
    return;
  }
  fork();
});

let listening = 0;
cluster.on("listening", () => {
  listening += 1;
  if (listening !== workerCount) return;
  logger.info({ workers: workerCount }, `${workerCount} workers (one per core; WEB_CONCURRENCY sets the number)`);
  const origin = `http://localhost:${env.PORT}`;
  announceStartUp(origin, env, platform && embedded ? embedded.embeddedPlatformNotes(origin, platform, env) : null);
});

// Without Redis, the workers hear each other's writes through this process.
relayContentWrites();
startInternalListener({ metrics: workersMetrics(), routes: { "/health/detail": detailRoute(workersDetail(DETAIL_TIMEOUT_MS)) } });
const stopWatching = watchWorkerHealth({ intervalMs: 5000, missesAllowed: 3, log: (line) => logger.warn(line) });
for (let i = 0; i < workerCount; i++) fork();

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  stopWatching();
  setTimeout(() => process.exit(1), env.shutdownDelayMs + DRAIN_LIMIT_MS + 2000).unref();
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once("exit", () => resolve());
          worker.process.kill("SIGTERM");
        }),
    ),
  );
  // Live event streams never end by themselves; closing the platform's port waits for every open connection.
  platform?.closeLiveStreams();
  await hosted?.close();
  platform?.close();
  process.exit(code);
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    logger.info({ signal, workers: workerCount }, `${signal}: stopping ${workerCount} workers`);
    void stop(0);
  });
}
