import { highlightParts } from "~/lib/highlight";

/** `text` with the words of `keyword` in <mark>: built from React elements, so the text is never parsed as markup. */
export function HighlightedText({ text, keyword }: { text: string; keyword: string }) {
  return <>{highlightParts(text, keyword).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))}</>;
}
