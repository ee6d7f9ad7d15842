import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { LRUCache } from "lru-cache";
import { BASE_PATH } from "~/lib/base-path";

/**
 * The client build's source maps, which the build moves out of build/client (vite.config.ts): browsers never get
 * them, the server reads them to tell where in app/ a visitor's script error happened. Beside the server bundle
 * (build/server) in production; development serves the sources themselves and has none.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, "../..");
const CLIENT_SOURCE_MAPS_DIR = path.join(projectRoot, "build/client-source-maps");

/** Only the site's own hashed scripts are looked up: nothing a report names can reach another file. */
const SITE_SCRIPT = new RegExp(`^${BASE_PATH}(assets/[\\w.-]+\\.js)$`);

// A chunk's map is parsed once; the few chunks pages load keep the cache small. A missing map is remembered too.
const maps = new LRUCache<string, Promise<TraceMap | null>>({ max: 64 });

function mapOf(asset: string): Promise<TraceMap | null> {
  let map = maps.get(asset);
  if (!map) {
    map = readFile(path.join(CLIENT_SOURCE_MAPS_DIR, `${asset}.map`), "utf8").then(
      (text) => new TraceMap(text),
      () => null,
    );
    maps.set(asset, map);
  }
  return map;
}

export type SourceLocation = { source: string; line: number; column: number };

/**
 * Where a position in one of the site's scripts (a URL, a 1-based line and column, as stacks and error events give
 * them) comes from: a path under the project (`app/routes/…`) with its line and column; null for another script,
 * or one without a map.
 */
export async function originalLocation(url: string, line: number, column: number): Promise<SourceLocation | null> {
  const pathname = URL.canParse(url) ? new URL(url).pathname : "";
  const asset = SITE_SCRIPT.exec(pathname)?.[1];
  if (!asset || asset.includes("..")) return null;
  const map = await mapOf(asset);
  if (!map) return null;
  // The maps stay at the depth they were written at, so their relative sources resolve from here as from there.
  const found = originalPositionFor(map, { line, column: Math.max(0, column - 1) });
  if (found.source === null || found.line === null) return null;
  const source = path.relative(projectRoot, path.resolve(CLIENT_SOURCE_MAPS_DIR, path.dirname(asset), found.source));
  return { source, line: found.line, column: (found.column ?? 0) + 1 };
}

/** The script frames of a stack (Chromium's `at f (url:1:2)`, WebKit's and Firefox's `f@url:1:2`), top first. */
export function stackFrames(stack: string): Array<{ url: string; line: number; column: number }> {
  return [...stack.matchAll(/(https?:\/\/[^\s()@]+?):(\d+):(\d+)/g)].map(([, url, line, column]) => ({
    url: url!,
    line: Number(line),
    column: Number(column),
  }));
}
