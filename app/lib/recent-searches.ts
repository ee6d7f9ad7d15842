export const MAX_RECENT_SEARCHES = 10;

export function addRecentSearch(list: readonly string[], keyword: string): string[] {
  return [keyword, ...list.filter((k) => k !== keyword)].slice(0, MAX_RECENT_SEARCHES);
}

/** Anything else (another app's value, a hand edit) is an empty list. */
export function parseRecentSearches(stored: string | null): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter((k): k is string => typeof k === "string" && k.length > 0).slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}
