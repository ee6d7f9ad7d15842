/**
 * Lighthouse as a first-time visitor on a mid-range phone: Lighthouse's default mobile configuration (simulated
 * slow 4G and 4× CPU), each run in a new headless Chromium with a new profile. Runs go one at a time: parallel
 * runs share the cores and lengthen each other's main-thread tasks, which the simulation multiplies by 4.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";
import { tail, track } from "./processes";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** One run's figures; `cpuIndex` is Lighthouse's benchmarkIndex of the machine at the time of the run. */
export type LighthouseRun = {
  scores: Record<Category, number>;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  cpuIndex: number;
  /** The LCP element and Lighthouse's breakdown of its time (TTFB, load delay, load time, render delay, in ms). */
  lcpElement: string;
  lcpPhases: Record<string, number>;
  jsTransferred: number;
  tools: string;
};

/** Lighthouse warns below this benchmarkIndex: the machine was too slow or too busy for the simulation to hold. */
export const SLOW_CPU_INDEX = 1000;

async function launchChromium(profileDir: string) {
  const child = track(
    spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, "--headless=new", "--remote-debugging-port=0", `--user-data-dir=${profileDir}`, "about:blank"], {
      stdio: ["ignore", "ignore", "pipe"],
    }),
  );
  const output: string[] = [];
  tail(child.stderr, output);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output.join("\n")}`)), 30_000);
    child.stderr.on("data", () => {
      const match = output.join("\n").match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}:\n${output.join("\n")}`)));
  });
  return { child, port };
}

class AskedAgain extends Error {}

type LcpDetails = { items?: { items?: { node?: { selector?: string }; phase?: string; timing?: number }[] }[] };

/** The largest-contentful-paint-element audit's two tables: the element, then the phases of its time. */
function lcpBreakdown(details: unknown): { lcpElement: string; lcpPhases: Record<string, number> } {
  const [element, phases] = (details as LcpDetails | undefined)?.items ?? [];
  return {
    lcpElement: element?.items?.[0]?.node?.selector ?? "",
    lcpPhases: Object.fromEntries((phases?.items ?? []).map(({ phase, timing }) => [phase ?? "", timing ?? 0])),
  };
}

/** The LCP and its phases, as the progress lines print them. */
const lcpSummary = (run: LighthouseRun) =>
  `LCP ${(run.lcp / 1000).toFixed(2)} s (${Object.entries(run.lcpPhases)
    .map(([phase, ms]) => `${phase} ${ms.toFixed(0)}`)
    .join(", ")} ms; ${run.lcpElement || "no element"})`;

async function runOnce(url: string, profileDir: string): Promise<LighthouseRun> {
  const chromium = await launchChromium(profileDir);
  try {
    const result = await lighthouse(url, { port: chromium.port, logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new AskedAgain(`Lighthouse: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => {
        const { score } = lhr.categories[id];
        if (score === null) throw new Error(`Lighthouse could not score ${id}`);
        return [id, Math.round(score * 100)];
      }),
    ) as Record<Category, number>;
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse measured no ${id}`);
      return value;
    };
    const requests = (lhr.audits["network-requests"].details as { items: { resourceType?: string; transferSize?: number }[] }).items;
    const jsTransferred = requests
      .filter((request) => request.resourceType === "Script")
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    const { lcpElement, lcpPhases } = lcpBreakdown(lhr.audits["largest-contentful-paint-element"]?.details);
    // The user agent string hides Chromium's minor version; DevTools reports it in full.
    const { Browser: browser } = (await (await fetch(`http://127.0.0.1:${chromium.port}/json/version`)).json()) as { Browser: string };
    return {
      scores,
      tbt: metric("total-blocking-time"),
      lcp: metric("largest-contentful-paint"),
      fcp: metric("first-contentful-paint"),
      cls: metric("cumulative-layout-shift"),
      cpuIndex: lhr.environment.benchmarkIndex,
      lcpElement,
      lcpPhases,
      jsTransferred,
      tools: `Lighthouse ${lhr.lighthouseVersion}, ${browser}`,
    };
  } finally {
    chromium.child.kill("SIGKILL");
  }
}

// Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) and asks to be run again: it is, in a fresh
// Chromium, up to this many times in all.
const ATTEMPTS = 3;

export async function runLighthouse(url: string, workDir: string, name: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, path.join(workDir, `chromium-${name}-${attempt}`));
    } catch (error) {
      if (!(error instanceof AskedAgain) || attempt === ATTEMPTS) throw error;
      console.warn(`${error.message}: running it again (${name}, attempt ${attempt + 1} of ${ATTEMPTS})`);
    }
  }
}

/**
 * `runs` runs of every page, in rounds (each page once, then each again): a burst of load from elsewhere on the
 * machine then spoils one run of several pages, which the median drops, rather than every run of one page.
 */
export async function lighthouseRounds<T extends { name: string; url: string }>(
  pages: T[],
  workDir: string,
  runs: number,
): Promise<Map<T, LighthouseRun[]>> {
  const results = new Map<T, LighthouseRun[]>(pages.map((page) => [page, []]));
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      const run = await runLighthouse(page.url, workDir, `${page.name.replace(/\W+/g, "-")}-${round}`);
      results.get(page)!.push(run);
      console.warn(
        `lighthouse ${page.name} run ${round}/${runs}: performance ${run.scores.performance}, TBT ${run.tbt.toFixed(0)} ms, ${lcpSummary(run)}, CPU index ${run.cpuIndex.toFixed(0)}`,
      );
    }
  }
  return results;
}
