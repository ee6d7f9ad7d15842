import type { AppOpenParams } from "~/lib/app-open";

/**
 * WeChat's open tags (<wx-open-launch-app>, <wx-open-launch-weapp>): what they carry and what they show. WeChat
 * renders the tag's template in a shadow root of its own, where the page's CSS does not reach, so the template
 * brings its own style.
 */

/** What a page asks of an open tag. */
export type OpenTagProps =
  /** <wx-open-launch-app>: opens the app (by the mobile app's Open Platform AppID) at the page on screen. */
  | { kind: "app"; label: string }
  /** <wx-open-launch-weapp>: opens a mini program by its original id (gh_…) at `path`. */
  | { kind: "weapp"; label: string; username: string; path: string };

/** The app-open parameters (spec section 3) as the tag's `extinfo`: the same query string the app's links carry. */
export function openTagExtinfo(params: AppOpenParams | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value) query.set(name, value);
  return query.toString();
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The tag's template: a hit area exactly the size of the control it lies over, transparent, so the visitor sees and
 * taps the control underneath as always; its label is there for screen readers. Sizes are whole CSS pixels.
 */
export function openTagTemplate({ label, width, height }: { label: string; width: number; height: number }): string {
  const text = label.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  const w = Math.max(0, Math.round(width));
  const h = Math.max(0, Math.round(height));
  return (
    `<style>.hit{display:block;box-sizing:border-box;width:${w}px;height:${h}px;margin:0;padding:0;border:0;` +
    `background:transparent;color:transparent;font-size:1px;overflow:hidden;-webkit-tap-highlight-color:transparent}</style>` +
    `<button class="hit" type="button">${text}</button>`
  );
}

/**
 * A mini-program page path as <wx-open-launch-weapp> takes it: from the mini program's root, the page with a `.html`
 * suffix before its query ('/pages/item/index?id=1' → 'pages/item/index.html?id=1'); '' for none.
 */
export function weappTagPath(path: string): string {
  const [page, ...query] = path.trim().replace(/^\/+/, "").split("?");
  if (!page) return "";
  const withSuffix = page.endsWith(".html") ? page : `${page}.html`;
  return query.length > 0 ? `${withSuffix}?${query.join("?")}` : withSuffix;
}
