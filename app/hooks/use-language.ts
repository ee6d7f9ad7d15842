import { useHref } from "@remix-run/react";
import { languageOfPath, type Language } from "~/lib/languages";

/**
 * The page's language, from the router's basename (each language has its own: docs/languages.md). Read from the
 * router rather than loader data, so error pages rendered without the root's data know it too.
 */
export function useLanguage(): Language {
  return languageOfPath(useHref("/"));
}
