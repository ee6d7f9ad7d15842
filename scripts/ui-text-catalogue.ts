/**
 * The zh-Hant UI text catalogue (app/lib/ui-texts.zh-Hant.json, docs/languages.md "UI texts"): gettext style, the
 * Simplified text as a component writes it is the key. The zh-Hant build puts each entry in its key's place
 * (scripts/ui-language-build.ts). `npx tsx scripts/ui-text-catalogue.ts` drafts an entry for each new text with OpenCC
 * (s2twp: Taiwan's characters and its common words) and keeps the entries already reviewed; review the drafts before
 * committing them.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { uiTextLiterals } from "./ui-text-literals";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CATALOGUE_FILE = "app/lib/ui-texts.zh-Hant.json";

/**
 * The modules whose texts a page can show: every module of app/ but the server's (`.server.`, whose messages reach
 * pages in loader data, converted there), tests and their support, and the service worker (built apart; it shows none).
 */
export function uiModules(): string[] {
  return readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" })
    .map((file) => path.join("app", file))
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.server\.|\.test\.|\.test-support\.|\.d\.ts$/.test(file) && file !== path.join("app", "service-worker.ts"),
    )
    .sort();
}

/** The UI texts of a module's source, found as the build finds them: in the module as esbuild compiles it. */
export function textsOf(source: string, file: string): string[] {
  const { code } = transformSync(source, { loader: file.endsWith(".tsx") ? "tsx" : "ts", jsx: "automatic", format: "esm" });
  return uiTextLiterals(code).map(({ text }) => text);
}

/** Every UI text of app/, each once. */
export function neededTexts(): string[] {
  const texts = uiModules().flatMap((file) => textsOf(readFileSync(path.join(ROOT, file), "utf8"), file));
  return [...new Set(texts)].sort();
}

export function readCatalogue(): Record<string, string> {
  return JSON.parse(readFileSync(path.join(ROOT, CATALOGUE_FILE), "utf8"));
}

async function regenerate() {
  const { simplecc } = await import("simplecc-wasm");
  const reviewed = readCatalogue();
  const catalogue = Object.fromEntries(neededTexts().map((text) => [text, reviewed[text] ?? simplecc(text, "s2twp")]));
  writeFileSync(path.join(ROOT, CATALOGUE_FILE), `${JSON.stringify(catalogue, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await regenerate();
