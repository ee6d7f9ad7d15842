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
 * Writes of this site say what they made out of date, heard at once here and elsewhere through Redis or the cluster
 * channel. Redis messages are size-capped and HMAC-signed with REPLICA_KEY, since others can reach Redis.
 */
export type ContentWrite = { pages: string[]; answers: string[] };

type Listener = (write: ContentWrite) => void;

const CHANNEL = "content-written";
const MAX_NAMES = 64;
export const MAX_MESSAGE_BYTES = 8 * 1024;
/** So a burst on one page costs the other processes one drop, not one each. */
export const COALESCE_MS = 250;

const names = <T extends z.ZodTypeAny>(name: T) => z.array(name).max(MAX_NAMES);
const writeSchema = z
  .object({
    pages: names(z.string().regex(PAGE_TAG)),
    answers: names(z.string().refine((group) => answerGroupOf(group) === group)),
  })
  .strict()
  .refine(({ pages, answers }) => pages.length + answers.length > 0 && pages.length + answers.length <= MAX_NAMES);

/** The origin lets a process ignore its own echo. */
const messageSchema = z.object({ kind: z.literal(CHANNEL), origin: z.string().min(1).max(64), write: writeSchema }).strict();
type Message = z.infer<typeof messageSchema>;

type DropReason = "oversized" | "unsigned" | "forged" | "malformed";

/** The cluster channel carries others' messages too. */
const isWriteMessage = (value: unknown) => typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === CHANNEL;

const mac = (key: string, body: string) => createHmac("sha256", key).update(body).digest();
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export function signMessage(key: string, message: Message): string {
  const body = JSON.stringify(message);
  return `${mac(key, body).toString("base64url")}.${body}`;
}

/** The size first, then the signature, and only then the JSON. */
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

function merged(writes: ContentWrite[]): ContentWrite {
  return { pages: [...new Set(writes.flatMap((write) => write.pages))], answers: [...new Set(writes.flatMap((write) => write.answers))] };
}

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

export type ClusterPort = {
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
  send?(message: unknown): unknown;
};

type Options = { origin?: string; log?: (line: string) => void };

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
    announce(write: ContentWrite): void {
      for (const writer of writers) writer(write);
      deliver(write);
      if (outlets.size === 0) return;
      if (windowTimer) pending.push(write);
      else sendNow(merged([write]));
    },

    listen(listener: Listener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** The purge by URL (server/page-cache/edge-purge.ts) needs the writes before the copies go. */
    listenToOwn(listener: Listener): () => void {
      writers.add(listener);
      return () => void writers.delete(listener);
    },

    /** Commands fail at once while Redis is down, so the write is not held up; the subscriber needs its own connection. */
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

export function announceWrite(write: ContentWrite): void {
  writes.announce(write);
}

export function onContentWritten(listener: Listener): () => void {
  return writes.listen(listener);
}

export function onOwnWrite(listener: Listener): () => void {
  return writes.listenToOwn(listener);
}

/** A single process without Redis has nobody to tell. */
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
