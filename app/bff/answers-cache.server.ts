import { LRUCache } from "lru-cache";
import { isMissingContent, type Caller } from "~/bff/client.server";
import { answerGroupOf } from "~/lib/content-tag";
import { createKeyIndex } from "~/lib/key-index";
import { onContentWritten } from "~/runtime/content-writes.server";
import { env } from "~/runtime/env.server";
import { logger } from "~/runtime/logger.server";

/**
 * Stale-if-error for up to PLATFORM_STALE_MS, so recently seen pages render while the platform is down. Per process:
 * a write drops the answers it made out of date by group (app/runtime/content-writes.server.ts).
 */
type Answer = { value: unknown; storedAt: number; freshUntil: number; staleSince?: number };
type Outcome = { value: unknown; stale: boolean };

const answers = new LRUCache<string, Answer>({
  maxSize: env.PLATFORM_CACHE_MAX_BYTES,
  // The JSON length stands for the memory an answer holds; close enough to bound it.
  sizeCalculation: (answer) => Math.max(1, JSON.stringify(answer.value)?.length ?? 1),
  // After: the key is gone from the cache by then (or holds its new answer).
  disposeAfter: (_answer, key) => unindex(key),
});
const inFlight = new Map<string, Promise<Outcome>>();
const byGroup = createKeyIndex();

function index(key: string) {
  const group = answerGroupOf(key);
  if (group) byGroup.add(group, key);
}
function unindex(key: string) {
  const group = answerGroupOf(key);
  if (group && !answers.has(key) && !inFlight.has(key)) byGroup.remove(group, key);
}

export function cached<T>(caller: Pick<Caller, "record">, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const answer = answers.get(key);
  if (answer && answer.freshUntil > now) return Promise.resolve(answer.value as T);

  let outcome = inFlight.get(key);
  if (!outcome) {
    const lastGood = answer && now - answer.storedAt <= ttlMs + env.PLATFORM_STALE_MS ? answer : undefined;
    outcome = refresh(key, ttlMs, load, lastGood);
    inFlight.set(key, outcome);
    index(key);
  }
  return outcome.then(
    ({ value, stale }) => {
      if (stale) caller.record?.staleKeys.add(key);
      return value as T;
    },
    (error: unknown) => {
      // A request that joined another's failed call: its page lacks this part too.
      if (!isMissingContent(error) && caller.record) caller.record.incomplete = true;
      throw error;
    },
  );
}

function refresh(key: string, ttlMs: number, load: () => Promise<unknown>, lastGood: Answer | undefined): Promise<Outcome> {
  const mine = () => inFlight.get(key) === outcome;
  const outcome = load().then(
    (value): Outcome => {
      // An answer loaded across an invalidation may predate the site's own write: hand it out, do not keep it.
      if (mine()) {
        if (lastGood?.staleSince !== undefined) logger.info(`upstream answer fresh again: ${key}`);
        answers.set(key, { value, storedAt: Date.now(), freshUntil: Date.now() + ttlMs });
        index(key);
      }
      return { value, stale: false };
    },
    (error: unknown): Outcome => {
      // Content taken down is gone for everyone at once, not served from memory for another ten minutes.
      if (isMissingContent(error) && mine()) answers.delete(key);
      if (!lastGood || isMissingContent(error)) throw error;
      // The next request tries again (the breaker keeps those tries cheap while the platform is down).
      if (lastGood.staleSince === undefined) {
        lastGood.staleSince = Date.now();
        const age = Math.round((Date.now() - lastGood.storedAt) / 1000);
        logger.warn(`serving stale ${key} (answer from ${age} s ago): ${(error as Error).message}`);
      }
      return { value: lastGood.value, stale: true };
    },
  );
  outcome
    .finally(() => {
      if (!mine()) return;
      inFlight.delete(key);
      unindex(key);
    })
    .catch(() => undefined);
  return outcome;
}

export function invalidate(group: string): void {
  for (const key of byGroup.keysOf(group)) {
    inFlight.delete(key);
    answers.delete(key);
    unindex(key);
  }
}

onContentWritten(({ answers: groups }) => groups.forEach(invalidate));
