/** List item types the share site cannot render (spec section 3, filtered items). */
const UNSUPPORTED_TYPES = new Set([
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

/**
 * Drops unsupported item types and any item whose layout an earlier shown item already used.
 * Items without a layout are never treated as duplicates.
 */
export function filterListItems<T extends { type?: string; layout?: string }>(items: T[]): T[] {
  const seenLayouts = new Set<string>();
  return items.filter((item) => {
    if (item.type !== undefined && UNSUPPORTED_TYPES.has(item.type)) return false;
    if (item.layout === undefined || item.layout === "") return true;
    if (seenLayouts.has(item.layout)) return false;
    seenLayouts.add(item.layout);
    return true;
  });
}
