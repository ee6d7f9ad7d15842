/**
 * The UI texts of a compiled module (docs/languages.md, "UI texts"): its string literals and the fixed pieces of its
 * template literals that have Han characters in them, as esbuild leaves a module's TSX (JSX text and attributes are
 * string literals by then). The zh-Hant build puts each one's catalogue text in its place
 * (scripts/ui-language-build.ts); the catalogue's test finds them the same way (scripts/ui-text-catalogue.ts).
 */
import MagicString from "magic-string";
import { parseAst } from "vite";

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

type AstNode = { type: string; start: number; end: number; [field: string]: unknown };
export type UiTextLiteral = { text: string; start: number; end: number; template: boolean };

const isNode = (value: unknown): value is AstNode => typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";

/** Every UI text literal of `code`, in source order. Object keys and tagged templates are names and code, not texts. */
export function uiTextLiterals(code: string): UiTextLiteral[] {
  const found: UiTextLiteral[] = [];
  const visit = (node: AstNode): void => {
    if (node.type === "Literal" && typeof node.value === "string" && HAN.test(node.value)) {
      found.push({ text: node.value, start: node.start, end: node.end, template: false });
    }
    if (node.type === "TemplateElement") {
      const cooked = (node.value as { cooked: string | null }).cooked;
      if (cooked !== null && HAN.test(cooked)) found.push({ text: cooked, start: node.start, end: node.end, template: true });
    }
    if (node.type === "TaggedTemplateExpression") return;
    for (const [field, child] of Object.entries(node)) {
      const isKey =
        field === "key" && (node.type === "Property" || node.type === "MethodDefinition" || node.type === "PropertyDefinition") && !node.computed;
      if (isKey) continue;
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(parseAst(code) as unknown as AstNode);
  return found.sort((a, b) => a.start - b.start);
}

/** A text as the source of the literal it replaces: a quoted string, or a template literal's raw piece. */
function asSource(text: string, template: boolean): string {
  if (!template) return JSON.stringify(text);
  return text.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${");
}

/**
 * `code` with each UI text replaced by its entry in `catalogue`; the texts without one are listed in `missing` (and
 * left as written), so the build can fail on them.
 */
export function inLanguage(code: string, id: string, catalogue: Readonly<Record<string, string>>) {
  const source = new MagicString(code);
  const missing: string[] = [];
  for (const literal of uiTextLiterals(code)) {
    const translated = catalogue[literal.text];
    if (translated === undefined) missing.push(literal.text);
    else if (translated !== literal.text) source.overwrite(literal.start, literal.end, asSource(translated, literal.template));
  }
  return { code: source.toString(), map: source.generateMap({ source: id, hires: "boundary" }), missing };
}
