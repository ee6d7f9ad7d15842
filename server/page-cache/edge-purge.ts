import { onOwnWrite } from "../../app/runtime/content-writes.server";
import { logger } from "../../app/runtime/logger.server";
import { countFailedEdgePurge } from "../../app/runtime/metrics.server";

/**
 * Purges the edges in front of the replicas (docs/deploy.md, "The edge") of the pages a write made out of date, by
 * the page tags the page cache drops them by (`Surrogate-Key`, which the edge's xkey reads). Only the process that
 * took the write purges, and never holds up the write's answer: a failed purge is logged and counted, and the edge's
 * copy then lives out its s-maxage (10 s).
 */

/** How long one purge may take before it counts as failed. */
const PURGE_TIMEOUT_MS = 2000;
/**
 * The purge is sent again this much later: a page another replica rendered before it heard of the write (the message
 * goes through Redis) may reach the edge after the first purge. Longer than such a render takes.
 */
export const REPURGE_MS = 1000;

/**
 * For a CDN without tags: the addresses (path and query, as the page cache keys them) of the pages this process
 * stored with the write's tags, whichever device class they were for. Called before this process drops them.
 */
export type UrlPurgeHook = (paths: string[]) => Promise<void>;

export type EdgePurgeOptions = {
  /** The edges' base URLs (EDGE_PURGE_URLS). */
  edges: string[];
  /** The key the edges ask for in `X-Edge-Purge-Key` (EDGE_PURGE_KEY). */
  key: string | undefined;
  /** The stored pages' addresses of a tag (the page store's index), for `purgeUrls`. */
  pathsOf?: (tag: string) => string[];
  purgeUrls?: UrlPurgeHook;
};

/** One purge of one edge by tags; rejects when the edge does not answer 200. */
export async function purgeEdge(edge: string, tags: string[], key: string | undefined): Promise<void> {
  const response = await fetch(edge, {
    method: "PURGE",
    headers: { "Surrogate-Key": tags.join(" "), ...(key && { "X-Edge-Purge-Key": key }) },
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`the edge answered ${response.status}`);
}

function purgeEveryEdge(edges: string[], tags: string[], key: string | undefined) {
  for (const edge of edges) {
    purgeEdge(edge, tags, key).catch((error: Error) => {
      countFailedEdgePurge(edge);
      logger.warn({ edge, tags, err: error }, "edge purge failed");
    });
  }
}

/** Purges on each write this process makes from now on; returns the way to stop. */
export function startEdgePurges({ edges, key, pathsOf, purgeUrls }: EdgePurgeOptions): () => void {
  const timers = new Set<NodeJS.Timeout>();
  const stop = onOwnWrite(({ pages: tags }) => {
    if (tags.length === 0) return;
    if (purgeUrls && pathsOf) {
      const paths = [...new Set(tags.flatMap(pathsOf))];
      if (paths.length > 0) purgeUrls(paths).catch((error: Error) => logger.warn({ paths, err: error }, "edge purge by URL failed"));
    }
    if (edges.length === 0) return;
    purgeEveryEdge(edges, tags, key);
    const timer = setTimeout(() => {
      timers.delete(timer);
      purgeEveryEdge(edges, tags, key);
    }, REPURGE_MS);
    timer.unref();
    timers.add(timer);
  });
  return () => {
    stop();
    for (const timer of timers) clearTimeout(timer);
  };
}
