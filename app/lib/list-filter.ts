/** Spec section 3: these exist only inside the app. */
export const FILTERED_TYPES: ReadonlySet<string> = new Set([
  "app",
  "naoce",
  "applet",
  "dimim",
  "circle",
  "dejin",
  "report",
  "wzlist",
  "ask-politics",
  "fazak",
  "maavd",
  "ilive",
  "zoceh",
  "service",
  "clue_report",
]);

export type FilterableItem = { content_type: string; layout?: string };

/** Spec section 3: a repeated page-block layout (such as a banner) is dropped; plain cards are all kept. */
export function filterListItems<T extends FilterableItem>(items: readonly T[]): T[] {
  const seenLayouts = new Set<string>();
  return items.filter((item) => {
    if (FILTERED_TYPES.has(item.content_type)) return false;
    if (!item.layout) return true;
    if (seenLayouts.has(item.layout)) return false;
    seenLayouts.add(item.layout);
    return true;
  });
}
