import { isRouteManifestPath, isSingleFetchDataPath } from "~/framework/remix-internals";
import { BASE_PATH } from "~/lib/base-path";
import { cookieValue } from "~/lib/cookie-value";

/**
 * The site's two languages (spec section 9, strategy prefix_except_default): Simplified Chinese at the addresses it
 * always had, Traditional Chinese under the base path's `zh-Hant/`. docs/languages.md says how a page gets its
 * language; this module is the rule, shared by the host and the browser.
 */
export const LANGUAGES = ["zh-Hans", "zh-Hant"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh-Hans";

/** The locale cookie: @nuxtjs/i18n's name, which the legacy site's visitors already carry with the same strategy. */
export const LOCALE_COOKIE = "i18n_redirected";
/** Spec section 9: the locale cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The address of the language choice: `?to=` a page of the site, whose language the cookie then names. */
export const LANGUAGE_CHOICE_PATH = `${BASE_PATH}language`;

/** Where a language's pages live: the router's basename for them (app/lib/base-path.ts's routerPath knows the prefix too). */
export function basePathOf(language: Language): string {
  return language === "zh-Hant" ? `${BASE_PATH}zh-Hant/` : BASE_PATH;
}

/** The language of a URL path: zh-Hant under its prefix (with or without the trailing slash), else the default. */
export function languageOfPath(pathname: string): Language {
  const hant = basePathOf("zh-Hant");
  return pathname.startsWith(hant) || pathname === hant.slice(0, -1) ? "zh-Hant" : DEFAULT_LANGUAGE;
}

/** A site path (under the base, either language) as the same page in `language`; other paths stay as they are. */
export function pathInLanguage(pathname: string, language: Language): string {
  if (!pathname.startsWith(BASE_PATH) && pathname !== BASE_PATH.slice(0, -1)) return pathname;
  const current = basePathOf(languageOfPath(pathname));
  const rest = pathname.length >= current.length ? pathname.slice(current.length) : "";
  return basePathOf(language) + rest;
}

/** The `lang` of a page: zh-CN as the site always said for Simplified; the script subtag for Traditional. */
export function htmlLangOf(language: Language): string {
  return language === "zh-Hant" ? "zh-Hant" : "zh-CN";
}

/** The language a Cookie header's locale cookie names, or null without one (or with a value the site has not). */
export function languageOfCookie(cookieHeader: string | undefined | null): Language | null {
  const value = cookieValue(cookieHeader, LOCALE_COOKIE);
  return value !== null && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
}

/**
 * Where a GET of a page at an unprefixed address goes for a visitor whose cookie names zh-Hant: the same page and
 * query in zh-Hant. Null when it stays: another cookie, a prefixed address, or not a page (resource routes, single
 * fetch's data, the route manifest, the language choice itself).
 */
export function cookieRedirect(pathname: string, search: string, cookieHeader: string | undefined | null): string | null {
  if (languageOfCookie(cookieHeader) !== "zh-Hant" || languageOfPath(pathname) === "zh-Hant") return null;
  if (!pathname.startsWith(BASE_PATH) && pathname !== BASE_PATH.slice(0, -1)) return null;
  const rest = pathname.slice(BASE_PATH.length);
  if (rest.startsWith("api/") || isRouteManifestPath(rest) || isSingleFetchDataPath(pathname) || pathname === LANGUAGE_CHOICE_PATH) return null;
  return pathInLanguage(pathname, "zh-Hant") + search;
}

/**
 * The navigation panel's link to the other language, as the link's props (its text as children): named in that
 * language, the same on every page of one.
 */
export type LanguageChoice = { href: string; children: string };

/**
 * The choice of the language other than `current`: a plain link to the language choice, which sends the visitor to
 * the page they came from (its Referer) in that language. The same link on every page, so the panel's markup stays
 * shared and a client-side navigation never leaves it pointing at the page before.
 */
export function languageChoice(current: Language): LanguageChoice {
  return current === "zh-Hant"
    ? { href: `${LANGUAGE_CHOICE_PATH}?lang=zh-Hans`, children: "简体中文" }
    : { href: `${LANGUAGE_CHOICE_PATH}?lang=zh-Hant`, children: "繁體中文" };
}

/**
 * Where the language choice sends the visitor: `from` (the page they chose on, as a path on this site, already
 * checked) in `language`, query kept.
 */
export function choiceTarget(from: string, language: Language): string {
  const query = from.indexOf("?");
  const pathname = query < 0 ? from : from.slice(0, query);
  return pathInLanguage(pathname, language) + (query < 0 ? "" : from.slice(query));
}

/** The language a language choice's `lang` parameter names, or null. */
export function chosenLanguage(value: unknown): Language | null {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : null;
}

/** The Set-Cookie value that remembers a language for a year, for the site's pages only. */
export function localeCookie(language: Language, secure: boolean): string {
  return `${LOCALE_COOKIE}=${language}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=${BASE_PATH}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** One `<link rel="alternate" hreflang>` of a page's head, as a route's meta gives it. */
export type Alternate = { tagName: "link"; rel: "alternate"; hrefLang: string; href: string };

/**
 * The hreflang alternates of a page, from its address: the page in each language, and x-default (the default
 * language's address).
 */
export function languageAlternates(address: string): Alternate[] {
  const url = new URL(address);
  const addressIn = (language: Language) => {
    const alternate = new URL(url);
    alternate.pathname = pathInLanguage(url.pathname, language);
    return alternate.href;
  };
  const alternate = (hrefLang: string, language: Language): Alternate => ({ tagName: "link", rel: "alternate", hrefLang, href: addressIn(language) });
  return [...LANGUAGES.map((language) => alternate(language, language)), alternate("x-default", DEFAULT_LANGUAGE)];
}

/**
 * A page's share metadata in its language, from its canonical URL: the hreflang alternates after the canonical link,
 * and its JSON-LD naming the language (schema.org `inLanguage`).
 */
export function inPageLanguage<T extends object>(descriptors: T[], canonical: string): (T | Alternate)[] {
  // No canonical URL: the page is an error page (its loader threw), which has no language versions to name.
  if (!canonical) return descriptors;
  const inLanguage = languageOfPath(new URL(canonical).pathname);
  return descriptors.flatMap((descriptor) => {
    const jsonLd = (descriptor as { "script:ld+json"?: object })["script:ld+json"];
    if (jsonLd) return [{ ...descriptor, "script:ld+json": { ...jsonLd, inLanguage } }];
    return (descriptor as { rel?: string }).rel === "canonical" ? [descriptor, ...languageAlternates(canonical)] : [descriptor];
  });
}
