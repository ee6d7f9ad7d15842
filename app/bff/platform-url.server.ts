import { z } from "zod";

/** Browsers ignore some of them, e.g. inside 'java\tscript:'. */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** Anything but http(s) or site-relative becomes "", which callers treat as absent. */
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

/** Never fails a parse, only drops what may not be emitted. */
export const platformUrl = z.string().catch("").transform(safePlatformUrl);
