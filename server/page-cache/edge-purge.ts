import { onContentWritten, onOwnWrite } from "../../app/runtime/content-writes.server";
import { logger } from "../../app/runtime/logger.server";
import { countFailedEdgePurge } from "../../app/runtime/metrics.server";

/**
 * Purges the edges in front of the replicas (docs/deploy.md, "The edge") of the pages a write made out of date, by
 * the page tags the page cache drops them by (`Surrogate-Key`, which the edge's xkey reads). The process that took
 * the write purges once its own copies are gone, and so does every other process when the write's message reaches it
 * and its copies go: a page another replica served the edge before it heard of the write (through Redis, which can
 * be slower than the purge) is purged then. A purge never holds up the write's answer: a failed one is logged and
 * counted, and the edge's copy then lives out its s-maxage (10 s).
 */

/** How long one purge may take before it counts as failed. */
const PURGE_TIMEOUT_MS = 2000;
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

/** Purges on each write heard from now on (this process's own, and the others'); returns the way to stop. */
export function startEdgePurges({ edges, key, pathsOf, purgeUrls }: EdgePurgeOptions): () => void {
  const stopUrls =
    purgeUrls && pathsOf
      ? onOwnWrite(({ pages: tags }) => {
          const paths = [...new Set(tags.flatMap(pathsOf))];
          if (paths.length > 0) purgeUrls(paths).catch((error: Error) => logger.warn({ paths, err: error }, "edge purge by URL failed"));
        })
      : () => undefined;
  const stopTags =
    edges.length > 0
      ? onContentWritten(({ pages: tags }) => {
          if (tags.length > 0) purgeEveryEdge(edges, tags, key);
        })
      : () => undefined;
  return () => {
    stopUrls();
    stopTags();
  };
}
