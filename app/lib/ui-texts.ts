/**
 * UI texts in the page's language (docs/languages.md), gettext style: the Simplified text, as the components spell it,
 * is the key; a language's catalogue maps it to that language's text. zh-Hans needs none: its texts are the keys.
 */
export type UiTexts = Readonly<Record<string, string>>;

/** A UI text in the language of `catalogue`: its entry, else the Simplified text itself (zh-Hans, no catalogue). */
export function uiText(catalogue: UiTexts | undefined, simplified: string): string {
  return catalogue?.[simplified] ?? simplified;
}
