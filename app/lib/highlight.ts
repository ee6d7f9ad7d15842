import { searchTerms } from "~/lib/search-keyword";

export type TextPart = { text: string; match: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches are returned as parts, so a view wraps them in <mark> without ever parsing the text as markup. */
export function highlightParts(text: string, keyword: string): TextPart[] {
  // Longest first, so '地铁5号线' wins over '地铁' where both match.
  const terms = searchTerms(keyword).sort((a, b) => b.length - a.length);
  if (terms.length === 0 || text === "") return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(terms.map(escapeRegExp).join("|"), "giu");
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
