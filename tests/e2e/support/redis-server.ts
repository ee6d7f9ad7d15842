import { spawn } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./platform-outage";

/**
 * A throwaway redis-server on a free port (or `port`), without persistence, for a site the test starts with
 * REDIS_URL; `client` lets the test read what the site stored. Stop it at the end.
 */
export async function startRedisServer(port?: number) {
  port ??= await freePort();
  const server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const client = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 20 });
  // Connection refusals while redis-server starts are retried; only the commands report errors.
  client.on("error", () => {});
  await client.ping();
  return {
    url: `redis://127.0.0.1:${port}`,
    client,
    stop() {
      client.disconnect();
      server.kill();
    },
  };
}
