/** Longest search keyword, in characters; the platform refuses longer ones. */
export const MAX_KEYWORD_LENGTH = 50;
/** Words beyond this many in one keyword are ignored. */
const MAX_TERMS = 5;

export const KEYWORD_TOO_LONG = `搜索关键词不能超过${MAX_KEYWORD_LENGTH}个字`;

/** The words of a keyword: split on white space (the ideographic space too), repeats dropped, at most five. */
export function searchTerms(keyword: string): string[] {
  return [...new Set(keyword.split(/\s+/u).filter(Boolean))].slice(0, MAX_TERMS);
}

/**
 * The `keyword` query parameter as the search page uses it: white space trimmed and runs of it made one space.
 * Empty means no search; a keyword over the limit is kept (to show it back in the field) with an error.
 */
export function parseKeyword(value: string | null): { keyword: string; error: string | null } {
  const keyword = (value ?? "").replace(/\s+/gu, " ").trim();
  return { keyword, error: [...keyword].length > MAX_KEYWORD_LENGTH ? KEYWORD_TOO_LONG : null };
}
