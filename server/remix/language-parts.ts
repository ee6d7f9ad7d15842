import type { ServerBuild } from "@remix-run/node";

/** Types and the export's name only, so the build script (scripts/ui-language-build.ts) can import it without the server. */
export const LANGUAGE_PARTS_EXPORT = "uiLanguageParts";

export type LanguageParts = {
  modulesByRoute: Record<string, ServerBuild["routes"][string]["module"]>;
  /** Both as the addresses the manifest names; only the files that differ. */
  clientFiles: Record<string, string>;
};

export type BuildWithLanguageParts = ServerBuild & { [LANGUAGE_PARTS_EXPORT]?: { "zh-Hant": LanguageParts } };
