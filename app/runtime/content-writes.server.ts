import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { env } from "~/runtime/env.server";
import { logger } from "~/runtime/logger.server";
import { connectRedis, sharedRedis } from "~/runtime/redis.server";

/**
 * Writes of this site (a comment, a collect, a live booking) say what they made out of date: the stored pages
 * that show it, by tag (app/lib/content-tag.ts), and the shared platform answers, by key prefix
 * (app/bff/shared-cache.server.ts). The page cache and the shared cache listen. A write is heard at once in the
 * process that made it, and in every other process through Redis pub/sub when REDIS_URL is set (every worker of
 * every replica), else through the cluster channel (the workers of one build/cluster.js). A process that misses
 * one (Redis down) serves its copies until they expire.
 */
export type ContentWrite = { pages: string[]; answers: string[] };

type Listener = (write: ContentWrite) => void;

const CHANNEL = "content-written";

/** What goes between processes: the write, and which process made it, so that it ignores its own echo. */
const messageSchema = z.object({
  kind: z.literal(CHANNEL),
  origin: z.string(),
  write: z.object({ pages: z.array(z.string()), answers: z.array(z.string()) }),
});
type Message = z.infer<typeof messageSchema>;

const asMessage = (value: unknown): Message | null => {
  const parsed = messageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The side of the cluster channel a worker holds: its own process. */
export type ClusterPort = {
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
  send?(message: unknown): unknown;
};

/** One process's writes: `origin` tells its messages from the others'. */
export function createContentWrites(origin: string = randomUUID(), log: (line: string) => void = (line) => logger.warn(line)) {
  const listeners = new Set<Listener>();
  const outlets = new Set<(message: Message) => void>();

  const deliver = (write: ContentWrite) => {
    for (const listener of listeners) listener(write);
  };
  const receive = (value: unknown) => {
    const message = asMessage(value);
    if (message && message.origin !== origin) deliver(message.write);
  };
  const addOutlet = (send: (message: Message) => void) => {
    outlets.add(send);
    return () => void outlets.delete(send);
  };

  return {
    /** Called after a write: this process's copies go at once, the other processes' when the message reaches them. */
    announce(write: ContentWrite): void {
      deliver(write);
      const message: Message = { kind: CHANNEL, origin, write };
      for (const send of outlets) send(message);
    },

    /** Returns the way to stop listening. */
    listen(listener: Listener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
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
        try {
          receive(JSON.parse(text));
        } catch {
          // Not ours to read: another program on the channel.
        }
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
        publisher.publish(CHANNEL, JSON.stringify(message)).then(
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

/** In the primary of build/cluster.js: passes each worker's write on to the other workers. */
export function relayContentWrites(): () => void {
  const relay = (from: Worker, value: unknown) => {
    const message = asMessage(value);
    if (!message) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
  };
  cluster.on("message", relay);
  return () => void cluster.off("message", relay);
}
