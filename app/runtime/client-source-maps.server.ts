import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { LRUCache } from "lru-cache";
import { BASE_PATH } from "~/lib/base-path";

/** The build moves the maps out of build/client (vite.config.ts), so browsers never get them. */
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, "../..");
const CLIENT_SOURCE_MAPS_DIR = path.join(projectRoot, "build/client-source-maps");

/** So nothing a report names can reach another file. */
const SITE_SCRIPT = new RegExp(`^${BASE_PATH}(assets/[\\w.-]+\\.js)$`);

// A missing map is remembered too.
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

export async function originalLocation(url: string, line: number, column: number): Promise<SourceLocation | null> {
  const pathname = URL.canParse(url) ? new URL(url).pathname : "";
  const asset = SITE_SCRIPT.exec(pathname)?.[1];
  if (!asset || asset.includes("..")) return null;
  const map = await mapOf(asset);
  if (!map) return null;
  const found = originalPositionFor(map, { line, column: Math.max(0, column - 1) });
  if (found.source === null || found.line === null) return null;
  const source = path.relative(projectRoot, path.resolve(CLIENT_SOURCE_MAPS_DIR, path.dirname(asset), found.source));
  return { source, line: found.line, column: (found.column ?? 0) + 1 };
}

export function stackFrames(stack: string): Array<{ url: string; line: number; column: number }> {
  return [...stack.matchAll(/(https?:\/\/[^\s()@]+?):(\d+):(\d+)/g)].map(([, url, line, column]) => ({
    url: url!,
    line: Number(line),
    column: Number(column),
  }));
}
