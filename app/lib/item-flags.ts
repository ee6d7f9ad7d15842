import { httpTarget } from "~/lib/content-path";

/**
 * What a content item's payload flags ask of its page (docs/content-types.md, "The item's flags"). They come with the
 * content, so they are the same for every reader and a stored page carries them.
 */
export type ItemFlags = {
  /** `enable_app: false` takes every offer to open the app for the item off its page. */
  appOffered: boolean;
  /** `app_url`: where opening the app goes for the item (https, or the app's own scheme); "" for the site's own launch. */
  appUrl: string;
  /** `enable_pc` and `pc_url`: a desktop visitor sees the page in the /pc wrapper, stays on the phone page, or goes to `pc_url`. */
  desktop: { kind: "wrap" } | { kind: "stay" } | { kind: "page"; url: string };
  /** `nav` and `capsule` of a mini program item: inside a mini program, the back/forward control and the footer. */
  miniProgram: { nav: boolean; capsule: boolean };
};

/** A page without an item of its own (lists, search…), and content that sets none of its flags. */
export const DEFAULT_ITEM_FLAGS: ItemFlags = {
  appOffered: true,
  appUrl: "",
  desktop: { kind: "wrap" },
  miniProgram: { nav: true, capsule: true },
};

type FlagPayload = { enable_app?: unknown; enable_pc?: unknown; app_url?: unknown; pc_url?: unknown; nav?: unknown; capsule?: unknown };

/** An app address the page may open: https, or `{scheme}://…` of the app's own scheme; "" otherwise. */
export function appTarget(url: unknown, scheme: string): string {
  if (typeof url !== "string") return "";
  if (scheme && url.toLowerCase().startsWith(`${scheme.toLowerCase()}://`) && !/[\u0000-\u0020\u007f\\]/.test(url)) return url;
  const target = httpTarget(url);
  return target?.startsWith("https:") ? target : "";
}

/**
 * The flags of one content item. A flag the payload leaves out keeps the default; `nav` and `capsule` describe a
 * mini program and are read only on one (the platform sends false for every other type).
 */
export function itemFlagsOf(content: { content_type: string; payload: FlagPayload }, appScheme: string): ItemFlags {
  const { payload } = content;
  const pcUrl = typeof payload.pc_url === "string" ? httpTarget(payload.pc_url) : null;
  const miniProgram = content.content_type === "mini_program";
  return {
    appOffered: payload.enable_app !== false,
    appUrl: appTarget(payload.app_url, appScheme),
    desktop: payload.enable_pc === false ? { kind: "stay" } : pcUrl ? { kind: "page", url: pcUrl } : { kind: "wrap" },
    miniProgram: miniProgram ? { nav: payload.nav !== false, capsule: payload.capsule !== false } : DEFAULT_ITEM_FLAGS.miniProgram,
  };
}
