import { LRUCache } from "lru-cache";
import { parseFragment, serialize, type DefaultTreeAdapterMap } from "parse5";
import { simplecc } from "simplecc-wasm";
import { languageOfPath } from "~/lib/languages";
import ZH_HANT_UI_TEXTS from "~/lib/ui-texts.zh-Hant.json" with { type: "json" };

/**
 * Simplified to Traditional Chinese with OpenCC's dictionaries (simplecc-wasm: a compiled dictionary where opencc-js
 * builds its tries in the heap), server-side only (docs/languages.md). OpenCC's `s2tw` standard: Taiwan's standard
 * characters, without swapping vocabulary (`s2twp` would turn 信息 into 資訊), so a news story keeps its author's
 * words and proper names.
 */
const toTraditional = (text: string) => simplecc(text, "s2tw");

/**
 * The UI texts' catalogue (docs/languages.md, "UI texts"): a message a server module makes (a toast, a form's error)
 * that is also a UI text reads in Traditional Chinese as the components' texts do, with Taiwan's words.
 */
const UI_TEXTS = new Map(Object.entries(ZH_HANT_UI_TEXTS));

/** Han characters: text without any needs no conversion (ids, URLs, numbers, the markup's own names). */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Plain text in Traditional Chinese. */
export function traditionalText(text: string): string {
  return HAN.test(text) ? toTraditional(text) : text;
}

/**
 * A search keyword as the platform indexes it, in Simplified characters: a zh-Hant page's reader types Traditional
 * ones (OpenCC's t2s). A zh-Hans page's keyword goes as typed: t2s would also change characters Simplified text
 * writes too.
 */
export function platformKeyword(keyword: string, request: Request): string {
  const typedInTraditional = languageOfPath(new URL(request.url).pathname) === "zh-Hant";
  return typedInTraditional && HAN.test(keyword) ? simplecc(keyword, "t2s") : keyword;
}

type ParentNode = DefaultTreeAdapterMap["parentNode"];

/** Bodies are long and the same for every page view of a story: each is converted once while it is read. */
const convertedHtml = new LRUCache<string, string>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (value, key) => value.length + key.length });

/**
 * Sanitized HTML in Traditional Chinese: parsed, its text nodes converted, serialized again. Tags, attributes (alt,
 * title, href…) and comments stay exactly as they are.
 */
export function traditionalHtml(html: string): string {
  if (!HAN.test(html)) return html;
  const known = convertedHtml.get(html);
  if (known !== undefined) return known;
  const fragment = parseFragment(html);
  convertTextNodes(fragment);
  const converted = serialize(fragment);
  convertedHtml.set(html, converted);
  return converted;
}

function convertTextNodes(node: ParentNode): void {
  for (const child of node.childNodes) {
    if (child.nodeName === "#text")
      (child as DefaultTreeAdapterMap["textNode"]).value = traditionalText((child as DefaultTreeAdapterMap["textNode"]).value);
    else if ("childNodes" in child) convertTextNodes(child);
    if (child.nodeName === "template") convertTextNodes((child as DefaultTreeAdapterMap["template"]).content);
  }
}

/**
 * A personal part of a page (app/render/personal.server.tsx) is its data as one JSON string: it is converted as the
 * data it holds, so its messages get the catalogue's words as they do when a visitor's page is made from a stored one.
 */
function dataInText(text: string): string | undefined {
  if (!text.startsWith("{") || !text.endsWith("}") || !HAN.test(text)) return undefined;
  try {
    return JSON.stringify(traditionalAnswer(JSON.parse(text)));
  } catch {
    return undefined;
  }
}

/** The loader data fields that hold sanitized HTML (a story's body, an activity's rules). */
const HTML_FIELDS = new Set(["html", "rules"]);
/**
 * Fields that name a place or a thing rather than say something, kept as they are even where Han characters appear:
 * addresses and ids, and the names the platform keys records by (a tip-off topic's `topic_name`, the `keyword`
 * searched, a user's alias as a reply sends it back: `owner_alias`, `targetUserAlias`). Where such a name is also read,
 * the data carries it a second time under a field that says it (`topic_title`, a hot word's `word`, `alias`). And the
 * navigation panel's language choice, which names the other language in that language.
 */
const ADDRESS_FIELD = /(?:url|link|href|src|path|id|key|token|csrf|style|color|keyword|topic_?name|user_?alias|owner_?alias|languageChoice)$/i;

/**
 * A page's or resource's answer in Traditional Chinese: every string that says something (titles, summaries, names,
 * comments, messages) as text, HTML fields through the parser, addresses and identifiers as they are. Arrays and plain
 * objects are walked; promises (streamed data) convert when they settle.
 */
export function traditionalAnswer<T>(value: T, field = ""): T {
  if (typeof value === "string") {
    if (HTML_FIELDS.has(field)) return traditionalHtml(value) as T;
    if (ADDRESS_FIELD.test(field)) return value;
    return (UI_TEXTS.get(value) ?? dataInText(value) ?? traditionalText(value)) as T;
  }
  if (ADDRESS_FIELD.test(field)) return value;
  if (Array.isArray(value)) return value.map((item) => traditionalAnswer(item, field)) as T;
  if (value instanceof Promise) return value.then((settled) => traditionalAnswer(settled, field)) as T;
  if (typeof value !== "object" || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, traditionalAnswer(item, key)])) as T;
}
