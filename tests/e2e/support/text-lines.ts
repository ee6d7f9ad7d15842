import type { Locator } from "@playwright/test";

/**
 * How many characters of the element's text sit on each rendered line, top to bottom: each character is
 * measured with a Range and characters are grouped by the top of their box.
 */
export function charactersPerLine(element: Locator): Promise<number[]> {
  return element.evaluate((root) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i += 1) {
        if (!text[i].trim()) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) tops.push(Math.round(box.top));
      }
    }
    const lines = new Map<number, number>();
    for (const top of tops) {
      const line = [...lines.keys()].find((known) => Math.abs(known - top) < 4) ?? top;
      lines.set(line, (lines.get(line) ?? 0) + 1);
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
  });
}
