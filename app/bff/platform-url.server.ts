import { z } from "zod";

/** Characters with no place in a URL the page emits; browsers ignore some of them, e.g. inside 'java\tscript:'. */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * A URL from the platform as the page may emit it (og:image, card images, avatars, media sources, share
 * links): absolute http(s), normalised; protocol-relative, made https; or site-relative ('/path'). Anything
 * else ('javascript:', 'data:', 'vbscript:', 'file:', unparseable) is "", which callers treat as absent.
 */
export function safePlatformUrl(value: string): string {
  const url = value.trim();
  if (!url) return "";
  if (url.startsWith("/") && !url.startsWith("//")) return CONTROL_OR_BACKSLASH.test(url) ? "" : url;
  try {
    const parsed = new URL(url.startsWith("//") ? `https:${url}` : url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : "";
  } catch {
    return "";
  }
}

/** The zod field for every URL the platform sends: never fails a parse, only drops what may not be emitted. */
export const platformUrl = z.string().catch("").transform(safePlatformUrl);
