import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAX_SHARE = 0.08;

/** The non-blank lines of `text` and how many of them hold nothing but comment. */
function commentLines(file: string, text: string): { lines: number; comment: number } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const inComment = new Uint8Array(text.length);
  const mark = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach(({ pos, end }) => inComment.fill(1, pos, end));
  const visit = (node: ts.Node) => {
    mark(ts.getLeadingCommentRanges(text, node.getFullStart()));
    mark(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  let lines = 0;
  let comment = 0;
  let start = 0;
  for (const line of text.split("\n")) {
    const code = [...line].some((char, i) => char.trim() !== "" && !inComment[start + i]);
    if (line.trim()) {
      lines += 1;
      if (!code) comment += 1;
    }
    start += line.length + 1;
  }
  return { lines, comment };
}

// A comment says why, in a line or two; what the code says, and figures, live elsewhere (docs/benchmarks.md).
it.each(["app", "server"])(`comments are at most ${MAX_SHARE * 100} % of %s/'s source lines (tests aside)`, (folder) => {
  const files = execFileSync("git", ["ls-files", `${folder}/*.ts`, `${folder}/*.tsx`], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && !/\.test(-support)?\.tsx?$/.test(file));
  const total = files
    .map((file) => commentLines(file, readFileSync(`${ROOT}${file}`, "utf8")))
    .reduce((sum, { lines, comment }) => ({ lines: sum.lines + lines, comment: sum.comment + comment }));
  expect(total.comment / total.lines).toBeLessThanOrEqual(MAX_SHARE);
});

it("a line of code with a comment after it is code; a line of comment alone is comment", () => {
  const text = "// why\nconst a = 1; // note\n\n/**\n * more\n */\nconst b = `// not a comment`;\n";
  expect(commentLines("x.ts", text)).toEqual({ lines: 6, comment: 4 });
});
