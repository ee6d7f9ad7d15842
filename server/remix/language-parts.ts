import type { ServerBuild } from "@remix-run/node";

/**
 * What the build adds to the Remix server build for zh-Hant pages (scripts/ui-language-build.ts,
 * docs/decisions/0010-ui-texts.md): the route modules with their UI texts in Traditional Chinese, and the client
 * files of the zh-Hant client build that stand for the zh-Hans ones. Types and the export's name only, so that the
 * build script can import it without the server.
 */
export const LANGUAGE_PARTS_EXPORT = "uiLanguageParts";

export type LanguageParts = {
  /** Each route's module, compiled with the zh-Hant catalogue's texts, by route id. */
  modulesByRoute: Record<string, ServerBuild["routes"][string]["module"]>;
  /** The zh-Hant client file for each zh-Hans one that differs, both as the addresses the manifest names. */
  clientFiles: Record<string, string>;
};

export type BuildWithLanguageParts = ServerBuild & { [LANGUAGE_PARTS_EXPORT]?: { "zh-Hant": LanguageParts } };
