/** The per-type table: each page type's first-load JavaScript and its Lighthouse figures (median of the runs). */
import { gzipSync } from "node:zlib";
import { kb, median, verdict } from "./constants";
import { firstLoadJs } from "./first-load-js";
import { CATEGORIES, lighthouseRounds, SLOW_CPU_INDEX, type LighthouseRun } from "./lighthouse";
import { get, type PageType } from "./site-pages";

export const LIGHTHOUSE_RUNS = 3;
// A shared link reads in about a second on a slow network: the largest paint of every page type within 1.2 s.
const TARGETS = { performance: 98, otherCategories: 100, tbtMs: 100, lcpMs: 1200, cls: 0.02 } as const;
const JS_TARGET_BYTES = 110_000;
// 1 KB = 1000 bytes, the stricter reading.
const ARTICLE_JS_TARGET_BYTES = 100_000;

type TypePage = PageType & { name: string; url: string; htmlGzip: number; js: { bytes: number; count: number } };
export type TypeRow = { page: TypePage; runs: LighthouseRun[] };

export async function measurePageTypes(origin: string, types: PageType[], workDir: string): Promise<TypeRow[]> {
  const pages: TypePage[] = [];
  for (const type of types) {
    const url = origin + type.path;
    // The first visit stores the page: a shared link's visitors after the first get the stored page.
    const html = await (await get(url)).text();
    pages.push({ ...type, name: type.type, url, htmlGzip: gzipSync(html, { level: 9 }).length, js: await firstLoadJs(html, url) });
  }
  const runs = await lighthouseRounds(pages, workDir, LIGHTHOUSE_RUNS);
  return pages.map((page) => ({ page, runs: runs.get(page)! }));
}

const jsTarget = (type: string) => (type.startsWith("article") ? ARTICLE_JS_TARGET_BYTES : JS_TARGET_BYTES);

/** The targets a row misses, by name (none: it passes). */
function misses({ page, runs }: TypeRow): string[] {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  const missed: string[] = [];
  if (of((run) => run.scores.performance) < TARGETS.performance) missed.push("performance");
  for (const id of CATEGORIES.slice(1)) if (of((run) => run.scores[id]) < TARGETS.otherCategories) missed.push(id);
  if (of((run) => run.tbt) > TARGETS.tbtMs) missed.push("TBT");
  if (of((run) => run.lcp) > TARGETS.lcpMs) missed.push("LCP");
  if (of((run) => run.cls) > TARGETS.cls) missed.push("CLS");
  if (page.js.bytes > jsTarget(page.type)) missed.push("JS");
  return missed;
}

export function reportPageTypes(rows: TypeRow[]): void {
  if (rows.length === 0) return;
  console.log(
    `\n- Lighthouse ${LIGHTHOUSE_RUNS} runs per page type (median; performance shows every run), default mobile configuration ` +
      "(simulated slow 4G, 4× CPU), each run a new Chromium profile (first visit: no cache, no service worker), in rounds over the types; " +
      "each page stored by one visit before (what a shared link's visitors get after the first)\n" +
      `- targets: performance ≥ ${TARGETS.performance}, the other categories ${TARGETS.otherCategories}, TBT ≤ ${TARGETS.tbtMs} ms, ` +
      `LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}; first-load JS (gzip -9) ≤ ${kb(JS_TARGET_BYTES)}, the article's ≤ ${kb(ARTICLE_JS_TARGET_BYTES)}\n` +
      `- CPU index: Lighthouse's benchmarkIndex of the machine during the runs (min–max); below ${SLOW_CPU_INDEX} Lighthouse warns that the machine ` +
      "was too slow or busy, and the simulated TBT (the observed main-thread time × 4) grows with the load: run the type again on an idle machine\n",
  );
  console.log(
    `| type | page | HTML, gzip -9 | first-load JS, gzip -9 (scripts) | ${CATEGORIES.join(" | ")} | TBT | LCP | FCP | CLS | CPU index | result |`,
  );
  console.log(`|---|---|---|---|${CATEGORIES.map(() => "---").join("|")}|---|---|---|---|---|---|`);
  for (const row of rows) {
    const { page, runs } = row;
    const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
    const performance = `${of((run) => run.scores.performance)} (${runs.map((run) => run.scores.performance).join(", ")})`;
    const others = CATEGORIES.slice(1).map((id) => of((run) => run.scores[id]));
    const indexes = runs.map((run) => run.cpuIndex);
    const slow = indexes.some((index) => index < SLOW_CPU_INDEX) ? " (busy)" : "";
    const missed = misses(row);
    const path = decodeURI(new URL(page.url).pathname + new URL(page.url).search);
    console.log(
      `| ${page.type} | ${path} | ${kb(page.htmlGzip)} | ${kb(page.js.bytes)} (${page.js.count}) | ${performance} | ${others.join(" | ")} | ` +
        `${of((run) => run.tbt).toFixed(0)} ms | ${(of((run) => run.lcp) / 1000).toFixed(2)} s | ${(of((run) => run.fcp) / 1000).toFixed(2)} s | ` +
        `${of((run) => run.cls).toFixed(3)} | ${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)}${slow} | ` +
        `${verdict(missed.length === 0)}${missed.length ? `: ${missed.join(", ")}` : ""} |`,
    );
  }
  const failed = rows.filter((row) => misses(row).length > 0).length;
  console.log(`\n${rows.length - failed} of ${rows.length} page types meet every target.`);
  const article = rows.find(({ page }) => page.type === "article");
  if (article)
    console.log(
      `JavaScript the article transferred in Lighthouse's load (the server's own gzip, all of it): ${kb(median(article.runs.map((run) => run.jsTransferred)))}.`,
    );
}
