/** Apart from wechat-open-tag.ts so only the overlay carries it. WeChat renders it in its own shadow root, out of the page's CSS. */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Transparent and exactly the control's size, so the visitor taps the control underneath as always. */
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

/** <wx-open-launch-weapp> wants the path from the root with `.html` before the query. */
export function weappTagPath(path: string): string {
  const [page, ...query] = path.trim().replace(/^\/+/, "").split("?");
  if (!page) return "";
  const withSuffix = page.endsWith(".html") ? page : `${page}.html`;
  return query.length > 0 ? `${withSuffix}?${query.join("?")}` : withSuffix;
}
