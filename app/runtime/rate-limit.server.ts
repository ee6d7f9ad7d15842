import type { HeadersFunction } from "@remix-run/node";
import type { Redis } from "ioredis";
import { sharedRedis } from "~/runtime/redis.server";
import { countingRefusals } from "~/runtime/metrics.server";
import { logger } from "~/runtime/logger.server";
import { redisKeyPart } from "~/runtime/redis-key.server";

/**
 * The site's first line in front of the platform's own limits. With REDIS_URL every process and replica counts
 * together; otherwise each process counts on its own.
 */
export type RateLimiter = {
  hit(key: string): Promise<number>;
};

type Options = { name: string; windowMs: number; max: number };

export function createRateLimiter(options: Options): RateLimiter {
  const memory = createMemoryRateLimiter(options);
  const redis = sharedRedis();
  return countingRefusals(options.name, redis ? createRedisRateLimiter(options, redis, memory) : memory);
}

export function createMemoryRateLimiter(options: Options & { now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const hits = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + options.windowMs;
  return {
    async hit(key) {
      const at = now();
      if (at >= nextSweep) {
        for (const [k, entry] of hits) if (entry.resetAt <= at) hits.delete(k);
        nextSweep = at + options.windowMs;
      }
      let entry = hits.get(key);
      if (!entry || entry.resetAt <= at) {
        entry = { count: 0, resetAt: at + options.windowMs };
        hits.set(key, entry);
      }
      entry.count += 1;
      return entry.count > options.max ? Math.ceil((entry.resetAt - at) / 1000) : 0;
    },
  };
}

// One round trip, atomic: count the hit, start the window on the first one, answer the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** A limit per process is better than refusing every login or letting every flood through. */
export function createRedisRateLimiter(options: Options, redis: Redis, fallback: RateLimiter): RateLimiter {
  let warned = false;
  return {
    async hit(key) {
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `rate:${options.name}:${redisKeyPart(key)}`, options.windowMs)) as [number, number];
        warned = false;
        return count > options.max ? Math.max(1, Math.ceil(ttl / 1000)) : 0;
      } catch (error) {
        if (!warned) logger.warn(`rate limit ${options.name}: Redis unavailable, counting in this process (${(error as Error).message})`);
        warned = true;
        return fallback.hit(key);
      }
    },
  };
}

/** Remix answers with the route's headers only, so the action's Retry-After reaches the visitor through this. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
