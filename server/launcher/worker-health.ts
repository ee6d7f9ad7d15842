import cluster, { type Worker } from "node:cluster";

const PING = "health:ping";
const PONG = "health:pong";

/** In a worker: answers the primary's pings, which proves its event loop turns. */
export function answerHealthPings(): void {
  if (!cluster.isWorker) return;
  process.on("message", (message) => {
    if (message === PING) process.send?.(PONG);
  });
}

/**
 * In the primary: pings every worker each `intervalMs`; a worker that misses `missesAllowed` pings in a row has a
 * stuck event loop (it still holds its share of the port, so visitors would wait on it) and is killed, which makes
 * the primary start another. Returns a function that stops watching.
 */
export function watchWorkerHealth(options: { intervalMs: number; missesAllowed: number; log: (line: string) => void }): () => void {
  const missed = new Map<number, number>();
  const onMessage = (worker: Worker, message: unknown) => {
    if (message === PONG) missed.set(worker.id, 0);
  };
  cluster.on("message", onMessage);
  const timer = setInterval(() => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker || !worker.isConnected()) continue;
      const misses = missed.get(worker.id) ?? 0;
      if (misses >= options.missesAllowed) {
        options.log(`worker ${worker.id} (pid ${worker.process.pid}) missed ${misses} health pings: replacing it`);
        missed.delete(worker.id);
        worker.process.kill("SIGKILL");
        continue;
      }
      missed.set(worker.id, misses + 1);
      worker.send(PING);
    }
  }, options.intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    cluster.off("message", onMessage);
  };
}
