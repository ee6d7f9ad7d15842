/**
 * What an open tag holds, kept apart from app/lib/wechat-open-tag.ts so that only the overlay, loaded once WeChat
 * accepts the page, carries it. WeChat renders the template in a shadow root of its own, where the page's CSS does
 * not reach, so the template brings its own style.
 */

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
