/** The platform refuses longer ones. */
export const MAX_KEYWORD_LENGTH = 50;
const MAX_TERMS = 5;

export const KEYWORD_TOO_LONG = `搜索关键词不能超过${MAX_KEYWORD_LENGTH}个字`;

export function searchTerms(keyword: string): string[] {
  return [...new Set(keyword.split(/\s+/u).filter(Boolean))].slice(0, MAX_TERMS);
}

/** A keyword over the limit is kept (to show it back in the field) with an error. */
export function parseKeyword(value: string | null): { keyword: string; error: string | null } {
  const keyword = (value ?? "").replace(/\s+/gu, " ").trim();
  return { keyword, error: [...keyword].length > MAX_KEYWORD_LENGTH ? KEYWORD_TOO_LONG : null };
}
