import { httpTarget } from "~/lib/content-path";

/** What a content item's payload flags ask of its page (docs/content-types.md, "The item's flags"). */
export type ItemFlags = {
  appOffered: boolean;
  /** https, or the app's own scheme; "" for the site's own launch. */
  appUrl: string;
  desktop: { kind: "wrap" } | { kind: "stay" } | { kind: "page"; url: string };
  miniProgram: { nav: boolean; capsule: boolean };
};

export const DEFAULT_ITEM_FLAGS: ItemFlags = {
  appOffered: true,
  appUrl: "",
  desktop: { kind: "wrap" },
  miniProgram: { nav: true, capsule: true },
};

type FlagPayload = { enable_app?: unknown; enable_pc?: unknown; app_url?: unknown; pc_url?: unknown; nav?: unknown; capsule?: unknown };

export function appTarget(url: unknown, scheme: string): string {
  if (typeof url !== "string") return "";
  if (scheme && url.toLowerCase().startsWith(`${scheme.toLowerCase()}://`) && !/[\u0000-\u0020\u007f\\]/.test(url)) return url;
  const target = httpTarget(url);
  return target?.startsWith("https:") ? target : "";
}

/** `nav` and `capsule` are read only on a mini program: the platform sends false for every other type. */
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
