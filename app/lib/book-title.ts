export type TitleRun = { text: string; title: boolean };

/** An unclosed 《 stays plain text. */
export function splitBookTitles(text: string): TitleRun[] {
  const runs: TitleRun[] = [];
  let rest = 0;
  for (const match of text.matchAll(/《[^《》]*》/g)) {
    const start = match.index ?? 0;
    if (start > rest) runs.push({ text: text.slice(rest, start), title: false });
    runs.push({ text: match[0], title: true });
    rest = start + match[0].length;
  }
  if (rest < text.length) runs.push({ text: text.slice(rest), title: false });
  return runs;
}
