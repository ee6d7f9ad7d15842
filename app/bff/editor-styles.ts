import postcss, { type Declaration } from "postcss";
import valueParser, { type Node as ValueNode } from "postcss-value-parser";

// Editor HTML's inline styles: whatever could cover the page, load or run something, or clip text is dropped.

type Token = (node: ValueNode) => boolean;

/** Each cap keeps a body's boxes and text within a phone's column: an em counts at MAX_FONT_PX, a rem at the root's. */
type Reach = { px: number; percent: number; negative?: boolean; vw?: boolean };

const MAX_FONT_PX = 64;
const ROOT_FONT_PX = 16;

const FONT: Reach = { px: MAX_FONT_PX, percent: 100 };
/** Widths only ever come with `max-width: 100%` (keptStyle), so their cap only bounds the number. */
const WIDTH: Reach = { px: 1000, percent: 100, vw: true };
const SPACING: Reach = { px: 64, percent: 20 };
const TEXT_INDENT: Reach = { px: 128, percent: 50 };
const LINE_HEIGHT: Reach = { px: 256, percent: 400 };
const LETTER_SPACING: Reach = { px: 16, percent: 0 };
const BORDER_WIDTH: Reach = { px: 16, percent: 0 };
const RADIUS: Reach = { px: 1000, percent: 100 };
const SHADOW: Reach = { px: 24, percent: 0, negative: true };
const VERTICAL_SHIFT: Reach = { px: 16, percent: 50, negative: true };
/** A basis in px would outgrow the column. */
const FLEX_BASIS: Reach = { px: 0, percent: 100 };
/** A tilted tall box swings its corners out of the column. */
const MAX_TILT_DEG = 15;
const MAX_LINE_HEIGHT_NUMBER = 4;

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
  if (node.type === "function")
    return (
      COLOR_FUNCTIONS.has(node.value.toLowerCase()) &&
      node.nodes.every(
        (n) =>
          n.type !== "function" &&
          n.type !== "string" &&
          (n.type !== "word" || NUMBER.test(n.value) || LENGTH.test(n.value) || /^[\d.]+deg$/i.test(n.value)),
      )
    );
  // A named colour: words only, no other function or url can pass as one.
  return node.type === "word" && (HEX.test(node.value) || COLOR_NAMES.test(node.value));
};

const length =
  ({ px, percent, negative = false, vw = false }: Reach): Token =>
  (node) => {
    if (node.type !== "word") return false;
    const match = LENGTH.exec(node.value);
    if (!match) return false;
    const amount = Number(match[1]);
    const unit = (match[2] ?? "").toLowerCase();
    if (!negative && amount < 0) return false;
    if (amount === 0) return true;
    const size = Math.abs(amount);
    switch (unit) {
      case "":
        return false;
      case "%":
        return size <= percent;
      case "vw":
        return vw && size <= percent;
      case "em":
        return size * MAX_FONT_PX <= px;
      case "rem":
        return size * ROOT_FONT_PX <= px;
      case "pt":
        return (size * 4) / 3 <= px;
      default:
        return size <= px;
    }
  };

const number: Token = (node) => node.type === "word" && NUMBER.test(node.value);
const lineStyle = words("none", "hidden", "solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset");
const widthKeyword = words("thin", "medium", "thick");
const globalKeyword = words("inherit", "initial", "unset");
const anyOf =
  (...tokens: Token[]): Token =>
  (node) =>
    tokens.some((token) => token(node));

type Rule = { token: Token; max: number; commas?: boolean };
const one = (token: Token): Rule => ({ token, max: 1 });
const upTo = (max: number, token: Token): Rule => ({ token, max });

const borderWidth = anyOf(length(BORDER_WIDTH), widthKeyword);
const BORDER = upTo(3, anyOf(borderWidth, lineStyle, color));
const spacing = length(SPACING);
const SIDES = upTo(4, spacing);
const MARGINS = upTo(4, anyOf(spacing, words("auto")));
const radius = length(RADIUS);
const letterSpacing = one(anyOf(length(LETTER_SPACING), words("normal")));
const lineHeightNumber: Token = (node) => number(node) && Number(node.value) >= 0 && Number(node.value) <= MAX_LINE_HEIGHT_NUMBER;
const flexBasis = anyOf(length(FLEX_BASIS), words("auto"));
const tilt: Token = (node) =>
  node.type === "function" &&
  node.value.toLowerCase() === "rotate" &&
  node.nodes.length === 1 &&
  /^[+-]?(?:\d+\.?\d*|\.\d+)deg$/i.test(node.nodes[0].value) &&
  Math.abs(parseFloat(node.nodes[0].value)) <= MAX_TILT_DEG;

const RULES: Record<string, Rule> = {
  color: one(color),
  "background-color": one(color),
  // An em or % font is of its parent's, so only a smaller one is kept: nested ones cannot grow past MAX_FONT_PX.
  "font-size": one(anyOf(length(FONT), words("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller"))),
  "font-weight": one(anyOf(words("normal", "bold", "bolder", "lighter"), (n) => n.type === "word" && /^[1-9]00$/.test(n.value))),
  "font-style": one(words("normal", "italic", "oblique")),
  "text-align": one(words("left", "right", "center", "justify", "start", "end")),
  "text-indent": one(length(TEXT_INDENT)),
  "text-decoration": upTo(3, anyOf(words("none", "underline", "overline", "line-through", "solid", "double", "dotted", "dashed", "wavy"), color)),
  "text-decoration-line": upTo(2, words("none", "underline", "overline", "line-through")),
  "text-decoration-color": one(color),
  "text-decoration-style": one(words("solid", "double", "dotted", "dashed", "wavy")),
  "text-transform": one(words("none", "uppercase", "lowercase", "capitalize")),
  "text-shadow": { token: anyOf(length(SHADOW), color, words("none")), max: 4 },
  "letter-spacing": letterSpacing,
  "word-spacing": letterSpacing,
  "line-height": one(anyOf(length(LINE_HEIGHT), lineHeightNumber, words("normal"))),
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
  "border-width": upTo(4, borderWidth),
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
  "border-top-width": one(borderWidth),
  "border-right-width": one(borderWidth),
  "border-bottom-width": one(borderWidth),
  "border-left-width": one(borderWidth),
  "border-radius": upTo(4, radius),
  "border-top-left-radius": upTo(2, radius),
  "border-top-right-radius": upTo(2, radius),
  "border-bottom-left-radius": upTo(2, radius),
  "border-bottom-right-radius": upTo(2, radius),
  "border-collapse": one(words("collapse", "separate")),
  "border-spacing": upTo(2, length(BORDER_WIDTH)),
  "box-shadow": { token: anyOf(length(SHADOW), color, words("inset", "none")), max: 6, commas: true },
  width: one(anyOf(length(WIDTH), words("auto"))),
  // Not `none`: a width is kept only under a maximum (keptStyle).
  "max-width": one(length(WIDTH)),
  // A minimum width in px would outgrow the column past every max-width: only a share of it.
  "min-width": one((node) => length(WIDTH)(node) && /(?:%|^0)$/.test(node.value)),
  // Only the heights that cannot clip text: a fixed height with overflow hidden cuts a paragraph off.
  height: one(words("auto")),
  display: one(words("block", "inline", "inline-block", "flex", "inline-flex", "table", "table-row", "table-cell", "list-item", "none")),
  "vertical-align": one(anyOf(words("baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super"), length(VERTICAL_SHIFT))),
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
  flex: upTo(3, anyOf(number, flexBasis, words("none"))),
  "flex-grow": one(number),
  "flex-shrink": one(number),
  "flex-basis": one(flexBasis),
  "list-style-type": one(words("none", "disc", "circle", "square", "decimal", "lower-alpha", "upper-alpha", "lower-roman", "upper-roman")),
  "list-style-position": one(words("inside", "outside")),
  "table-layout": one(words("auto", "fixed")),
  "caption-side": one(words("top", "bottom")),
  // Decorative tilts of 秀米 templates; scale and translate could cover the page, so only a slight rotation is kept.
  transform: one(tilt),
};

/** Templates' frames put url() in it, which is not kept. */
const SHORTHAND_AS = { background: "background-color" } as const;

function allowed(rule: Rule, value: string): boolean {
  if (/[\\<>]|expression|javascript|url\s*\(|image-set|@import/i.test(value)) return false;
  const parsed = valueParser(value).nodes.filter((node) => node.type !== "space" && node.type !== "comment");
  if (parsed.some((node) => node.type === "div" && !(rule.commas && node.value === ","))) return false;
  const tokens = parsed.filter((node) => node.type !== "div");
  const groups = rule.commas ? value.split(",").length : 1;
  return tokens.length > 0 && tokens.length <= rule.max * groups && tokens.every((node) => globalKeyword(node) || rule.token(node));
}

/** `!important` is dropped: it must not win over the rules that keep the body in the column. */
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
  const share = /^(?:[\d.]+%|0|auto)$/i;
  if (kept.has("width") && !share.test(kept.get("width") ?? "") && !share.test(kept.get("max-width") ?? "")) {
    kept.delete("max-width");
    kept.set("max-width", "100%");
  }
  return [...kept].map(([prop, value]) => `${prop}: ${value}`).join("; ");
}
