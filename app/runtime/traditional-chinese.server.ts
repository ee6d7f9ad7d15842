import { LRUCache } from "lru-cache";
import { parseFragment, serialize, type DefaultTreeAdapterMap } from "parse5";
import { simplecc } from "simplecc-wasm";
import { languageOfPath } from "~/lib/languages";
import ZH_HANT_UI_TEXTS from "~/lib/ui-texts.zh-Hant.json" with { type: "json" };

/** `s2tw`, not `s2twp`: a news story keeps its author's words and proper names (docs/languages.md). */
const toTraditional = (text: string) => simplecc(text, "s2tw");

/** docs/languages.md, "UI texts". */
const UI_TEXTS = new Map(Object.entries(ZH_HANT_UI_TEXTS));

/** Text without any needs no conversion. */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

export function traditionalText(text: string): string {
  return HAN.test(text) ? toTraditional(text) : text;
}

/** Only a zh-Hant page's keyword: t2s would also change characters Simplified text writes too. */
export function platformKeyword(keyword: string, request: Request): string {
  const typedInTraditional = languageOfPath(new URL(request.url).pathname) === "zh-Hant";
  return typedInTraditional && HAN.test(keyword) ? simplecc(keyword, "t2s") : keyword;
}

type ParentNode = DefaultTreeAdapterMap["parentNode"];

/** Bodies are long and the same for every view of a story. */
const convertedHtml = new LRUCache<string, string>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (value, key) => value.length + key.length });

/** Tags, attributes and comments stay exactly as they are. */
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

/** Converted as the data it holds, so its messages match those of a page made from a stored one. */
function dataInText(text: string): string | undefined {
  if (!text.startsWith("{") || !text.endsWith("}") || !HAN.test(text)) return undefined;
  try {
    return JSON.stringify(traditionalAnswer(JSON.parse(text)));
  } catch {
    return undefined;
  }
}

const HTML_FIELDS = new Set(["html", "rules"]);
/** Names the platform keys records by stay as given; where one is also read, the data carries a second, readable field. */
const ADDRESS_FIELD = /(?:url|link|href|src|path|id|key|token|csrf|style|color|keyword|topic_?name|user_?alias|owner_?alias|languageChoice)$/i;

/** Promises (streamed data) convert when they settle. */
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
