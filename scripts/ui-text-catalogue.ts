/**
 * The zh-Hant UI text catalogue (app/lib/ui-texts.zh-Hant.json, docs/languages.md): which components speak through
 * it, the texts they say, and its regeneration. `npx tsx scripts/ui-text-catalogue.ts` adds an OpenCC draft for each
 * new text and keeps the entries already reviewed; review the draft before committing it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOGIN_TEXTS } from "../app/lib/login-form";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CATALOGUE_FILE = "app/lib/ui-texts.zh-Hant.json";

/** The components whose every text goes through the catalogue (useUiText). */
export const TRANSLATED_COMPONENTS = ["app/components/login-form.tsx", "app/components/login-sheet-panel.tsx"];
/** Texts those components show from elsewhere: client-side validation toasts. */
const TEXTS_SHOWN = Object.values(LOGIN_TEXTS);

const HAN = /[\u3400-\u9fff]/;

/** The Simplified texts a component spells: every double-quoted string with a Han character. */
export function textsOf(source: string): string[] {
  return [...source.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map(([, text]) => text).filter((text) => HAN.test(text));
}

/** Texts a component writes past the catalogue: JSX text or an attribute's string with Han characters in it. */
export function untranslatedOf(source: string): string[] {
  const jsxText = [...source.matchAll(/>([^<>{}]*)</g)].map(([, text]) => text.trim());
  const attributes = [...source.matchAll(/\s[\w-]+="([^"]*)"/g)].map(([, text]) => text);
  return [...jsxText, ...attributes].filter((text) => HAN.test(text));
}

/** Every text the translated components need an entry for. */
export function neededTexts(): string[] {
  const spelled = TRANSLATED_COMPONENTS.flatMap((file) => textsOf(readFileSync(path.join(ROOT, file), "utf8")));
  return [...new Set([...spelled, ...TEXTS_SHOWN])].sort();
}

export function readCatalogue(): Record<string, string> {
  return JSON.parse(readFileSync(path.join(ROOT, CATALOGUE_FILE), "utf8"));
}

async function regenerate() {
  const { traditionalText: draft } = await import("../server/traditional-chinese");
  const reviewed = readCatalogue();
  const catalogue = Object.fromEntries(neededTexts().map((text) => [text, reviewed[text] ?? draft(text)]));
  writeFileSync(path.join(ROOT, CATALOGUE_FILE), `${JSON.stringify(catalogue, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await regenerate();
