/** The report's head: what ran where, so a result can be put next to others (machine, date, commit, tools). */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_PATH } from "../chromium.mjs";
import { LOAD } from "./constants";
import { ROOT } from "./processes";

function quietly(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

/** The commit the build was made from, marked when the worktree has changes besides it. */
function commit(): string {
  const head = quietly("git", ["log", "-1", "--format=%h %cd", "--date=short"]);
  const dirty = quietly("git", ["status", "--porcelain", "--untracked-files=no"]);
  return dirty && dirty !== "unknown" ? `${head} (with uncommitted changes)` : head;
}

/** The font Chromium draws Chinese text with: without one it draws boxes, whose layout costs less than a phone's. */
function chineseFont(): string {
  const families = quietly("fc-list", [":lang=zh", "family"]);
  if (families === "unknown" || families === "")
    return "none (install Debian's fonts-noto-cjk: Chinese text drawn as boxes lays out faster than on a phone)";
  return quietly("fc-match", ["sans-serif:lang=zh-cn", "family"]);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");

export function reportHead(parts: readonly string[]): void {
  const cpus = os.cpus();
  const lighthouseVersion = (JSON.parse(readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")) as { version: string })
    .version;
  console.log(`\n## Benchmark ${new Date().toISOString()}${parts.length ? ` (${parts.join(", ")})` : ""}\n`);
  console.log(
    `- machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}`,
  );
  console.log(`- commit: ${commit()}`);
  console.log(`- Node ${process.version}, Lighthouse ${lighthouseVersion}, ${quietly(CHROMIUM_PATH, ["--version"])}, Chinese font: ${chineseFont()}`);
  console.log(`- load average at the start (1 / 5 / 15 min): ${loadAverage()}; figures from a busy machine are not the site's`);
  console.log(
    `- load: autocannon, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up then ${LOAD.measureSeconds} s measured per row; ` +
      "Android Chrome user agent, accept-encoding: gzip",
  );
}

export function reportEnd(startedAt: number): void {
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(`\nBench duration: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s; load average at the end: ${loadAverage()}.`);
}
