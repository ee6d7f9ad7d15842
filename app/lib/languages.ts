import { isRouteManifestPath, isSingleFetchDataPath } from "~/framework/remix-internals";
import { BASE_PATH } from "~/lib/base-path";
import { cookieValue } from "~/lib/cookie-value";

/** Spec section 9, strategy prefix_except_default; docs/languages.md says how a page gets its language. */
export const LANGUAGES = ["zh-Hans", "zh-Hant"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh-Hans";

/** @nuxtjs/i18n's name, which the legacy site's visitors already carry. */
export const LOCALE_COOKIE = "i18n_redirected";
/** Spec section 9. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const LANGUAGE_CHOICE_PATH = `${BASE_PATH}language`;

export function basePathOf(language: Language): string {
  return language === "zh-Hant" ? `${BASE_PATH}zh-Hant/` : BASE_PATH;
}

export function languageOfPath(pathname: string): Language {
  const hant = basePathOf("zh-Hant");
  return pathname.startsWith(hant) || pathname === hant.slice(0, -1) ? "zh-Hant" : DEFAULT_LANGUAGE;
}

export function pathInLanguage(pathname: string, language: Language): string {
  if (!pathname.startsWith(BASE_PATH) && pathname !== BASE_PATH.slice(0, -1)) return pathname;
  const current = basePathOf(languageOfPath(pathname));
  const rest = pathname.length >= current.length ? pathname.slice(current.length) : "";
  return basePathOf(language) + rest;
}

export function htmlLangOf(language: Language): string {
  return language === "zh-Hant" ? "zh-Hant" : "zh-CN";
}

export function languageOfCookie(cookieHeader: string | undefined | null): Language | null {
  const value = cookieValue(cookieHeader, LOCALE_COOKIE);
  return value !== null && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
}

/** Null for resource routes, single fetch's data and the route manifest too: only pages move. */
export function cookieRedirect(pathname: string, search: string, cookieHeader: string | undefined | null): string | null {
  if (languageOfCookie(cookieHeader) !== "zh-Hant" || languageOfPath(pathname) === "zh-Hant") return null;
  if (!pathname.startsWith(BASE_PATH) && pathname !== BASE_PATH.slice(0, -1)) return null;
  const rest = pathname.slice(BASE_PATH.length);
  if (rest.startsWith("api/") || isRouteManifestPath(rest) || isSingleFetchDataPath(pathname) || pathname === LANGUAGE_CHOICE_PATH) return null;
  return pathInLanguage(pathname, "zh-Hant") + search;
}

export type LanguageChoice = { href: string; children: string };

/** The same link on every page (the Referer picks the page), so the panel's markup stays shared across pages. */
export function languageChoice(current: Language): LanguageChoice {
  return current === "zh-Hant"
    ? { href: `${LANGUAGE_CHOICE_PATH}?lang=zh-Hans`, children: "简体中文" }
    : { href: `${LANGUAGE_CHOICE_PATH}?lang=zh-Hant`, children: "繁體中文" };
}

export function choiceTarget(from: string, language: Language): string {
  const query = from.indexOf("?");
  const pathname = query < 0 ? from : from.slice(0, query);
  return pathInLanguage(pathname, language) + (query < 0 ? "" : from.slice(query));
}

export function chosenLanguage(value: unknown): Language | null {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : null;
}

export function localeCookie(language: Language, secure: boolean): string {
  return `${LOCALE_COOKIE}=${language}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=${BASE_PATH}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export type Alternate = { tagName: "link"; rel: "alternate"; hrefLang: string; href: string };

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

export function inPageLanguage<T extends object>(descriptors: T[], canonical: string): (T | Alternate)[] {
  // An error page has no language versions to name.
  if (!canonical) return descriptors;
  const inLanguage = languageOfPath(new URL(canonical).pathname);
  return descriptors.flatMap((descriptor) => {
    const jsonLd = (descriptor as { "script:ld+json"?: object })["script:ld+json"];
    if (jsonLd) return [{ ...descriptor, "script:ld+json": { ...jsonLd, inLanguage } }];
    return (descriptor as { rel?: string }).rel === "canonical" ? [descriptor, ...languageAlternates(canonical)] : [descriptor];
  });
}
