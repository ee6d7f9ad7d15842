import postcss, { type Declaration } from "postcss";
import valueParser, { type Node as ValueNode } from "postcss-value-parser";

// The inline styles of editor HTML (the WeChat MP editor, 135editor, 秀米) that a body keeps: what draws text,
// boxes, borders and tables. Anything that can place content over the page (position, z-index, offsets, negative
// margins, transforms that scale), load something (url(), image-set(), @import), run something (expression,
// behavior, -moz-binding) or clip the text (fixed heights) is dropped. Runs in the sanitizer's worker threads.

/** What one value token may be. */
type Token = (node: ValueNode) => boolean;

/** The largest absolute length kept, in px: a body is a phone column, and more than this only pushes things off it. */
const MAX_PX = 1000;
/** The largest relative length kept (em, rem). */
const MAX_EM = 40;

const COLOR_NAMES = /^(?:[a-z]{3,20})$/i;
const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
const COLOR_FUNCTIONS = new Set(["rgb", "rgba", "hsl", "hsla"]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const LENGTH = /^([+-]?(?:\d+\.?\d*|\.\d+))(px|em|rem|%|pt|vw)?$/i;

const words = (...list: string[]) => {
  const set = new Set(list);
  return (node: ValueNode) => node.type === "word" && set.has(node.value.toLowerCase());
};

const color: Token = (node) => {
  if (node.type === "function") return COLOR_FUNCTIONS.has(node.value.toLowerCase()) && node.nodes.every((n) => n.type !== "function" && n.type !== "string" && (n.type !== "word" || NUMBER.test(n.value) || LENGTH.test(n.value) || /^[\d.]+deg$/i.test(n.value)));
  // A named colour: words only, no other function or url can pass as one.
  return node.type === "word" && (HEX.test(node.value) || COLOR_NAMES.test(node.value));
};

/** The largest margin or padding kept, in px: editors' spacing stays well under it, and more pushes text off the column. */
const MAX_SPACING_PX = 200;

/** A length (or 0, or a percentage) within the column; `negative` allows values below zero, `maxPx` caps px and pt. */
const length =
  (negative = false, maxPx = MAX_PX): Token =>
  (node) => {
    if (node.type !== "word") return false;
    const match = LENGTH.exec(node.value);
    if (!match) return false;
    const amount = Number(match[1]);
    const unit = (match[2] ?? "").toLowerCase();
    if (!negative && amount < 0) return false;
    if (unit === "" && amount !== 0) return false;
    if (unit === "%" || unit === "vw") return Math.abs(amount) <= 100;
    if (unit === "em" || unit === "rem") return Math.abs(amount) <= (MAX_EM * maxPx) / MAX_PX;
    return Math.abs(unit === "pt" ? (amount * 4) / 3 : amount) <= maxPx;
  };

const number: Token = (node) => node.type === "word" && NUMBER.test(node.value);
const lineStyle = words("none", "hidden", "solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset");
const widthKeyword = words("thin", "medium", "thick");
const globalKeyword = words("inherit", "initial", "unset");
const anyOf =
  (...tokens: Token[]): Token =>
  (node) =>
    tokens.some((token) => token(node));

/** A value of 1 to `max` space-separated tokens, each passing `token`. */
type Rule = { token: Token; max: number; commas?: boolean };
const one = (token: Token): Rule => ({ token, max: 1 });
const upTo = (max: number, token: Token): Rule => ({ token, max });

const BORDER = upTo(3, anyOf(length(), lineStyle, widthKeyword, color));
const spacing = length(false, MAX_SPACING_PX);
const SIDES = upTo(4, spacing);
const MARGINS = upTo(4, anyOf(spacing, words("auto")));
const RADIUS = upTo(4, length());

const RULES: Record<string, Rule> = {
  color: one(color),
  "background-color": one(color),
  "font-size": one(anyOf(length(), words("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller", "larger"))),
  "font-weight": one(anyOf(words("normal", "bold", "bolder", "lighter"), (n) => n.type === "word" && /^[1-9]00$/.test(n.value))),
  "font-style": one(words("normal", "italic", "oblique")),
  "text-align": one(words("left", "right", "center", "justify", "start", "end")),
  "text-indent": one(length()),
  "text-decoration": upTo(3, anyOf(words("none", "underline", "overline", "line-through", "solid", "double", "dotted", "dashed", "wavy"), color)),
  "text-decoration-line": upTo(2, words("none", "underline", "overline", "line-through")),
  "text-decoration-color": one(color),
  "text-decoration-style": one(words("solid", "double", "dotted", "dashed", "wavy")),
  "text-transform": one(words("none", "uppercase", "lowercase", "capitalize")),
  "text-shadow": { token: anyOf(length(true), color, words("none")), max: 4 },
  "letter-spacing": one(anyOf(length(), words("normal"))),
  "word-spacing": one(anyOf(length(), words("normal"))),
  "line-height": one(anyOf(length(), words("normal"))),
  "white-space": one(words("normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces")),
  "word-break": one(words("normal", "break-all", "keep-all", "break-word")),
  "overflow-wrap": one(words("normal", "break-word", "anywhere")),
  "word-wrap": one(words("normal", "break-word")),
  margin: MARGINS,
  "margin-top": one(anyOf(spacing, words("auto"))),
  "margin-right": one(anyOf(spacing, words("auto"))),
  "margin-bottom": one(anyOf(spacing, words("auto"))),
  "margin-left": one(anyOf(spacing, words("auto"))),
  padding: SIDES,
  "padding-top": one(spacing),
  "padding-right": one(spacing),
  "padding-bottom": one(spacing),
  "padding-left": one(spacing),
  border: BORDER,
  "border-top": BORDER,
  "border-right": BORDER,
  "border-bottom": BORDER,
  "border-left": BORDER,
  "border-width": upTo(4, anyOf(length(), widthKeyword)),
  "border-style": upTo(4, lineStyle),
  "border-color": upTo(4, color),
  "border-top-color": one(color),
  "border-right-color": one(color),
  "border-bottom-color": one(color),
  "border-left-color": one(color),
  "border-top-style": one(lineStyle),
  "border-right-style": one(lineStyle),
  "border-bottom-style": one(lineStyle),
  "border-left-style": one(lineStyle),
  "border-top-width": one(anyOf(length(), widthKeyword)),
  "border-right-width": one(anyOf(length(), widthKeyword)),
  "border-bottom-width": one(anyOf(length(), widthKeyword)),
  "border-left-width": one(anyOf(length(), widthKeyword)),
  "border-radius": RADIUS,
  "border-top-left-radius": upTo(2, length()),
  "border-top-right-radius": upTo(2, length()),
  "border-bottom-left-radius": upTo(2, length()),
  "border-bottom-right-radius": upTo(2, length()),
  "border-collapse": one(words("collapse", "separate")),
  "border-spacing": upTo(2, length()),
  "box-shadow": { token: anyOf(length(true), color, words("inset", "none")), max: 6, commas: true },
  width: one(anyOf(length(), words("auto"))),
  "max-width": one(anyOf(length(), words("none"))),
  // A minimum width in px would outgrow the column past every max-width: only a share of it.
  "min-width": one((node) => length()(node) && /(?:%|^0)$/.test(node.value)),
  // Only the heights that cannot clip text: a fixed height with overflow hidden cuts a paragraph off.
  height: one(words("auto")),
  display: one(words("block", "inline", "inline-block", "flex", "inline-flex", "table", "table-row", "table-cell", "list-item", "none")),
  "vertical-align": one(anyOf(words("baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super"), length(true))),
  "box-sizing": one(words("border-box", "content-box")),
  position: one(words("static", "relative")),
  float: one(words("left", "right", "none")),
  clear: one(words("left", "right", "both", "none")),
  overflow: one(words("visible", "hidden", "auto")),
  "overflow-x": one(words("visible", "hidden", "auto")),
  "overflow-y": one(words("visible", "hidden", "auto")),
  opacity: one(number),
  "flex-direction": one(words("row", "row-reverse", "column", "column-reverse")),
  "flex-wrap": one(words("nowrap", "wrap")),
  "justify-content": one(words("flex-start", "flex-end", "center", "space-between", "space-around", "space-evenly", "start", "end")),
  "align-items": one(words("flex-start", "flex-end", "center", "baseline", "stretch", "start", "end")),
  "align-self": one(words("auto", "flex-start", "flex-end", "center", "baseline", "stretch")),
  flex: upTo(3, anyOf(number, length(), words("auto", "none"))),
  "flex-grow": one(number),
  "flex-shrink": one(number),
  "flex-basis": one(anyOf(length(), words("auto"))),
  "list-style-type": one(words("none", "disc", "circle", "square", "decimal", "lower-alpha", "upper-alpha", "lower-roman", "upper-roman")),
  "list-style-position": one(words("inside", "outside")),
  "table-layout": one(words("auto", "fixed")),
  "caption-side": one(words("top", "bottom")),
  // Decorative tilts of 秀米 templates; scale and translate could cover the page, so only a rotation is kept.
  transform: one((node) => node.type === "function" && node.value.toLowerCase() === "rotate" && node.nodes.length === 1 && /^[+-]?\d+\.?\d*deg$/i.test(node.nodes[0].value)),
};

/** A `background` shorthand is kept when it is only a colour (templates' frames put url() in it, which is not). */
const SHORTHAND_AS = { background: "background-color" } as const;

function allowed(rule: Rule, value: string): boolean {
  if (/[\\<>]|expression|javascript|url\s*\(|image-set|@import/i.test(value)) return false;
  const parsed = valueParser(value).nodes.filter((node) => node.type !== "space" && node.type !== "comment");
  if (parsed.some((node) => node.type === "div" && !(rule.commas && node.value === ","))) return false;
  const tokens = parsed.filter((node) => node.type !== "div");
  const groups = rule.commas ? value.split(",").length : 1;
  return tokens.length > 0 && tokens.length <= rule.max * groups && tokens.every((node) => globalKeyword(node) || rule.token(node));
}

/**
 * The part of a style attribute that a body keeps, as `prop: value` pairs joined by '; ' ('' when nothing is left).
 * `!important` is dropped: an inline style already wins over the site's rules for the body, and must not win over the
 * ones that keep it in the column. A width in px also gets `max-width: 100%` unless the style sets one.
 */
export function keptStyle(style: string): string {
  let declarations: Declaration[];
  try {
    declarations = postcss.parse(style).nodes.filter((node): node is Declaration => node.type === "decl");
  } catch {
    return "";
  }
  const kept = new Map<string, string>();
  for (const declaration of declarations) {
    const given = declaration.prop.toLowerCase();
    const prop = given in SHORTHAND_AS ? SHORTHAND_AS[given as keyof typeof SHORTHAND_AS] : given;
    const rule = RULES[prop];
    const value = declaration.value.trim();
    if (!rule || !allowed(rule, value)) continue;
    kept.delete(prop);
    kept.set(prop, value);
  }
  if (/(?:px|pt)$/i.test(kept.get("width") ?? "") && !kept.has("max-width")) kept.set("max-width", "100%");
  return [...kept].map(([prop, value]) => `${prop}: ${value}`).join("; ");
}
