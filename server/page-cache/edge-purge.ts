import { onContentWritten, onOwnWrite } from "../../app/runtime/content-writes.server";
import { logger } from "../../app/runtime/logger.server";
import { countFailedEdgePurge } from "../../app/runtime/metrics.server";

/**
 * Every process purges when the write's message reaches it, since Redis can be slower than the purge (docs/deploy.md,
 * "The edge"). A failed purge never holds up the write: the edge's copy lives out its s-maxage.
 */

const PURGE_TIMEOUT_MS = 2000;
/** Paths as the page cache keys them, whatever their device class; called before this process drops them. */
export type UrlPurgeHook = (paths: string[]) => Promise<void>;

export type EdgePurgeOptions = {
  edges: string[];
  purgeKey: string | undefined;
  pathsOf?: (tag: string) => string[];
  purgeUrls?: UrlPurgeHook;
};

export async function purgeEdge(edge: string, tags: string[], purgeKey: string | undefined): Promise<void> {
  const response = await fetch(edge, {
    method: "PURGE",
    headers: { "Surrogate-Key": tags.join(" "), ...(purgeKey && { "X-Edge-Purge-Key": purgeKey }) },
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`the edge answered ${response.status}`);
}

function purgeEveryEdge(edges: string[], tags: string[], purgeKey: string | undefined) {
  for (const edge of edges) {
    purgeEdge(edge, tags, purgeKey).catch((error: Error) => {
      countFailedEdgePurge(edge);
      logger.warn({ edge, tags, err: error }, "edge purge failed");
    });
  }
}

export function startEdgePurges({ edges, purgeKey, pathsOf, purgeUrls }: EdgePurgeOptions): () => void {
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
          if (tags.length > 0) purgeEveryEdge(edges, tags, purgeKey);
        })
      : () => undefined;
  return () => {
    stopUrls();
    stopTags();
  };
}
