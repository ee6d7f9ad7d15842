import { BASE_PATH } from "../../../app/lib/base-path";

/** A site path relative to its language's base: `zh-Hant/` taken off, so both languages read alike. */
export function relativeSitePath(pathname: string): string {
  return pathname.slice(BASE_PATH.length).replace(/^zh-Hant(?:\/|$)/, "");
}

/**
 * The same-site page links of an HTML page (assets, resource routes, fragments and the language choice, which would
 * switch a crawl's cookie to the other language, left out), as paths with query.
 */
export function pageLinks(html: string, base: string): string[] {
  return [...html.matchAll(/href="([^"#]*)"/g)]
    .map((match) => new URL(match[1].replaceAll("&amp;", "&"), base))
    .filter(
      (url) =>
        url.origin === new URL(base).origin &&
        url.pathname.startsWith(BASE_PATH) &&
        !/^((assets|api)\/|language$)/.test(relativeSitePath(url.pathname)),
    )
    .map((url) => url.pathname + url.search);
}
