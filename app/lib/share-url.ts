/** Spec section 2. None of them changes which page is shown. */
const SHARE_NOISE_PARAMS = new Set([
  "from",
  "isappinstalled",
  "nsukey",
  "scene",
  "clicktime",
  "enterid",
  "sharer_shareid",
  "sharer_sharetime",
  "share_source",
  "wxshare_count",
  "pass_ticket",
  "_t",
  "_",
]);

/** Parameters sorted so the same page always has the same address. */
export function canonicalUrl(url: string | URL): string {
  const canonical = new URL(url);
  const kept = [...canonical.searchParams].filter(([name]) => !SHARE_NOISE_PARAMS.has(name));
  // Array sort is stable, so repeated parameters keep their relative order.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  canonical.search = new URLSearchParams(kept).toString();
  canonical.hash = "";
  return canonical.href;
}
