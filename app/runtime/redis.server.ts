import { Redis } from "ioredis";
import { env } from "~/runtime/env.server";

/** A subscriber needs a connection of its own: `connectRedis`. */
let redis: Redis | undefined;

export function sharedRedis(): Redis | null {
  const url = env.REDIS_URL;
  if (!url) return null;
  return (redis ??= connectRedis(url));
}

export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    // A request must never wait on a Redis that is down: fail at once and let the caller fall back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 500,
  });
  // Errors reach the callers through their commands; an unhandled 'error' event would crash the process.
  redis.on("error", () => {});
  return redis;
}
