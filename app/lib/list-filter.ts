/** Spec section 3: item types that exist only inside the app; lists on the share site never show them. */
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

/** What the filter reads of a list item: its type and, for items that are a block of the page, the block's layout. */
export type FilterableItem = { content_type: string; layout?: string };

/**
 * The list filter of spec section 3: drops items of a filtered type, and items whose layout (a page block such as
 * a banner) was already seen earlier in the list. Items without a layout are ordinary cards and all kept.
 */
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
