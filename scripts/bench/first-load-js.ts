/** First-load JavaScript: every script a page's HTML makes the browser fetch up front, each gzip -9, summed. */
import { gzipSync } from "node:zlib";
import { MODULE_PRELOADS_ATTRIBUTE } from "../../app/framework/scripts-after-hero";
import { get } from "./site-pages";

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value]));
}

/**
 * `<script src>`, `<link rel="modulepreload">` and the modules a script waiting for the hero picture lists (its
 * MODULE_PRELOADS_ATTRIBUTE: Remix's preloads, added once the picture is in), as absolute URLs.
 */
function scriptUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  const add = (href: string) => urls.add(new URL(href.replaceAll("&amp;", "&"), pageUrl).href);
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const { src, [MODULE_PRELOADS_ATTRIBUTE]: preloads } = attributes(tag);
    if (src) add(src);
    preloads?.split(" ").filter(Boolean).forEach(add);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const { rel, href } = attributes(tag);
    if (rel === "modulepreload" && href) add(href);
  }
  return [...urls];
}

export async function firstLoadJs(html: string, pageUrl: string): Promise<{ bytes: number; count: number }> {
  const scripts = scriptUrls(html, pageUrl);
  let bytes = 0;
  for (const url of scripts) bytes += gzipSync(Buffer.from(await (await get(url)).arrayBuffer()), { level: 9 }).length;
  return { bytes, count: scripts.length };
}
