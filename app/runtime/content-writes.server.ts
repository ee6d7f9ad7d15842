import cluster, { type Worker } from "node:cluster";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { answerGroupOf, PAGE_TAG } from "~/lib/content-tag";
import { env } from "~/runtime/env.server";
import { logger } from "~/runtime/logger.server";
import { countDroppedWriteMessage } from "~/runtime/metrics.server";
import { connectRedis, sharedRedis } from "~/runtime/redis.server";

/**
 * Writes of this site (a comment, a collect, a live booking) say what they made out of date: the stored pages
 * that show it, by tag, and the shared platform answers, by group (app/lib/content-tag.ts). The page cache and the
 * shared cache listen. A write is heard at once in the process that made it, and in every other process through
 * Redis pub/sub when REDIS_URL is set (every worker of every replica), else through the cluster channel (the workers
 * of one build/cluster.js). A process that misses one (Redis down) serves its copies until they expire.
 *
 * What another process says is checked before it is heard: the schema below, and on Redis, which others can reach,
 * a size cap and an HMAC with REPLICA_KEY. The cluster channel is a pipe between the primary and its own workers.
 */
export type ContentWrite = { pages: string[]; answers: string[] };

type Listener = (write: ContentWrite) => void;

const CHANNEL = "content-written";
/** The most names (tags and groups) one message carries: a bigger write goes out in several. */
const MAX_NAMES = 64;
/** The longest text on Redis a process reads: MAX_NAMES of the longest names fit with room to spare. */
export const MAX_MESSAGE_BYTES = 8 * 1024;
/**
 * After a message goes out, writes of the next this-many milliseconds go out merged, in one message: a burst on one
 * page costs the other processes one drop, not one each. The first write of a burst goes at once.
 */
export const COALESCE_MS = 250;

const names = <T extends z.ZodTypeAny>(name: T) => z.array(name).max(MAX_NAMES);
const writeSchema = z
  .object({
    pages: names(z.string().regex(PAGE_TAG)),
    answers: names(z.string().refine((group) => answerGroupOf(group) === group)),
  })
  .strict()
  .refine(({ pages, answers }) => pages.length + answers.length > 0 && pages.length + answers.length <= MAX_NAMES);

/** What goes between processes: the write, and which process made it, so that it ignores its own echo. */
const messageSchema = z.object({ kind: z.literal(CHANNEL), origin: z.string().min(1).max(64), write: writeSchema }).strict();
type Message = z.infer<typeof messageSchema>;

/** Why a message was not heard, as the metrics and the warning name it. */
type DropReason = "oversized" | "unsigned" | "forged" | "malformed";

/** Whether `value` is a message about a write at all: the cluster channel carries others' messages too. */
const isWriteMessage = (value: unknown) => typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === CHANNEL;

const mac = (key: string, body: string) => createHmac("sha256", key).update(body).digest();
/** An HMAC-SHA256 in base64url: 32 bytes, 43 characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** A message as it goes on Redis: its HMAC, a dot, its JSON. */
export function signMessage(key: string, message: Message): string {
  const body = JSON.stringify(message);
  return `${mac(key, body).toString("base64url")}.${body}`;
}

/** A message read from Redis, or why it is dropped: the size first, then the signature, and only then the JSON. */
export function readSignedMessage(key: string, text: string): Message | DropReason {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) return "oversized";
  const dot = text.indexOf(".");
  if (!SIGNATURE.test(text.slice(0, dot))) return "unsigned";
  const body = text.slice(dot + 1);
  if (!timingSafeEqual(Buffer.from(text.slice(0, dot), "base64url"), mac(key, body))) return "forged";
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return "malformed";
  }
  const parsed = messageSchema.safeParse(value);
  return parsed.success ? parsed.data : "malformed";
}

/** Counts each dropped message, and warns at most once a minute with how many were dropped since. */
function dropCounter(log: (line: string) => void) {
  let unreported = 0;
  let nextWarning = 0;
  return (reason: DropReason, channel: string) => {
    countDroppedWriteMessage(reason);
    unreported += 1;
    if (Date.now() < nextWarning) return;
    log(`content writes: dropped ${unreported} message(s) on the ${channel} (the last one ${reason})`);
    unreported = 0;
    nextWarning = Date.now() + 60_000;
  };
}

/** Several writes as one: each name once. */
function merged(writes: ContentWrite[]): ContentWrite {
  return { pages: [...new Set(writes.flatMap((write) => write.pages))], answers: [...new Set(writes.flatMap((write) => write.answers))] };
}

/** A write cut into writes of at most MAX_NAMES names, as messages carry them. */
function inMessages(write: ContentWrite): ContentWrite[] {
  const all = [...write.pages.map((name) => ({ page: true, name })), ...write.answers.map((name) => ({ page: false, name }))];
  const parts: ContentWrite[] = [];
  for (let start = 0; start < all.length; start += MAX_NAMES) {
    const part = all.slice(start, start + MAX_NAMES);
    parts.push({
      pages: part.filter((item) => item.page).map((item) => item.name),
      answers: part.filter((item) => !item.page).map((item) => item.name),
    });
  }
  return parts;
}

/** The side of the cluster channel a worker holds: its own process. */
export type ClusterPort = {
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
  send?(message: unknown): unknown;
};

type Options = { origin?: string; log?: (line: string) => void };

/** One process's writes: `origin` tells its messages from the others'; on Redis REPLICA_KEY signs and checks them. */
export function createContentWrites({ origin = randomUUID(), log = (line) => logger.warn(line) }: Options = {}) {
  const listeners = new Set<Listener>();
  const writers = new Set<Listener>();
  const outlets = new Set<(message: Message) => void>();
  const dropped = dropCounter(log);
  let pending: ContentWrite[] = [];
  let windowTimer: NodeJS.Timeout | null = null;

  const deliver = (write: ContentWrite) => {
    for (const listener of listeners) listener(write);
  };
  const hear = (message: Message) => {
    if (message.origin !== origin) deliver(message.write);
  };
  // Sends a write now, and holds the writes of the window that opens.
  const sendNow = (write: ContentWrite) => {
    for (const part of inMessages(write)) {
      const message: Message = { kind: CHANNEL, origin, write: part };
      for (const outlet of outlets) outlet(message);
    }
    windowTimer = setTimeout(closeWindow, COALESCE_MS);
    windowTimer.unref();
  };
  const closeWindow = () => {
    windowTimer = null;
    if (pending.length === 0) return;
    const write = merged(pending);
    pending = [];
    sendNow(write);
  };
  const addOutlet = (outlet: (message: Message) => void) => {
    outlets.add(outlet);
    return () => {
      // A process that stops sending tells the others what it still held.
      if (windowTimer) clearTimeout(windowTimer);
      closeWindow();
      outlets.delete(outlet);
    };
  };

  return {
    /** Called after a write: this process's copies go at once, the other processes' when the message reaches them. */
    announce(write: ContentWrite): void {
      for (const writer of writers) writer(write);
      deliver(write);
      if (outlets.size === 0) return;
      if (windowTimer) pending.push(write);
      else sendNow(merged([write]));
    },

    /** Returns the way to stop listening. */
    listen(listener: Listener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** Hears only this process's own writes, before its copies go (the purge by URL: server/page-cache/edge-purge.ts). */
    listenToOwn(listener: Listener): () => void {
      writers.add(listener);
      return () => void writers.delete(listener);
    },

    /**
     * Through Redis: `publisher` sends (commands fail at once while Redis is down: the write is not held up), and
     * `subscriber`, a connection of its own, hears every process, subscribing again whenever it reconnects.
     */
    overRedis(publisher: Redis, subscriber: Redis): () => void {
      let warned = false;
      const warnOnce = (what: string, error: unknown) => {
        if (!warned) log(`content writes: Redis unavailable, ${what} (${(error as Error).message})`);
        warned = true;
      };
      const onMessage = (channel: string, text: string) => {
        if (channel !== CHANNEL) return;
        const message = readSignedMessage(env.replicaKey, text);
        if (typeof message === "string") dropped(message, "Redis channel");
        else hear(message);
      };
      const subscribe = () => {
        subscriber.subscribe(CHANNEL).then(
          () => (warned = false),
          (error: unknown) => warnOnce("other processes' writes are not heard until it is back", error),
        );
      };
      subscriber.on("message", onMessage);
      subscriber.on("ready", subscribe);
      if (subscriber.status === "ready") subscribe();
      const stopSending = addOutlet((message) => {
        publisher.publish(CHANNEL, signMessage(env.replicaKey, message)).then(
          () => (warned = false),
          (error: unknown) => warnOnce("other processes keep their copies until they expire", error),
        );
      });
      return () => {
        stopSending();
        subscriber.off("message", onMessage);
        subscriber.off("ready", subscribe);
      };
    },

    /** Through the cluster channel: the primary passes each worker's message on to the others (`relayContentWrites`). */
    overCluster(port: ClusterPort): () => void {
      const receive = (value: unknown) => {
        if (!isWriteMessage(value)) return;
        const parsed = messageSchema.safeParse(value);
        if (parsed.success) hear(parsed.data);
        else dropped("malformed", "cluster channel");
      };
      port.on("message", receive);
      const stopSending = addOutlet((message) => void port.send?.(message));
      return () => {
        stopSending();
        port.off("message", receive);
      };
    },
  };
}

const writes = createContentWrites();

/** Called after a write of this site: every stored page and shared answer it made out of date goes, everywhere. */
export function announceWrite(write: ContentWrite): void {
  writes.announce(write);
}

/** The page cache and the shared cache listen here; returns the way to stop. */
export function onContentWritten(listener: Listener): () => void {
  return writes.listen(listener);
}

/** The writes this process made, heard before its own copies go; returns the way to stop. */
export function onOwnWrite(listener: Listener): () => void {
  return writes.listenToOwn(listener);
}

/**
 * Called once when a site process starts: its writes reach the other processes, and theirs reach it. With
 * REDIS_URL through Redis (whatever runs the process), else through the cluster channel in a worker of
 * build/cluster.js; a single process without Redis has nobody to tell.
 */
export function startContentWriteFanOut(): () => void {
  const publisher = sharedRedis();
  if (publisher && env.REDIS_URL) {
    const subscriber = connectRedis(env.REDIS_URL);
    const stop = writes.overRedis(publisher, subscriber);
    return () => {
      stop();
      subscriber.disconnect();
    };
  }
  if (cluster.isWorker) return writes.overCluster(process);
  return () => {};
}

/** In the primary of build/cluster.js: passes each worker's write on to the other workers, only when it is one. */
export function relayContentWrites(): () => void {
  const dropped = dropCounter((line) => logger.warn(line));
  const relay = (from: Worker, value: unknown) => {
    if (!isWriteMessage(value)) return;
    const parsed = messageSchema.safeParse(value);
    if (!parsed.success) return dropped("malformed", "cluster channel");
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(parsed.data);
  };
  cluster.on("message", relay);
  return () => void cluster.off("message", relay);
}
