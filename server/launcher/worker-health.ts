import cluster, { type Worker } from "node:cluster";

const PING = "health:ping";
const PONG = "health:pong";

/** The answer proves the event loop turns. */
export function answerHealthPings(): void {
  if (!cluster.isWorker) return;
  process.on("message", (message) => {
    if (message === PING) process.send?.(PONG);
  });
}

/** A stuck worker still holds its share of the port, so visitors would wait on it: it is killed and replaced. */
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
