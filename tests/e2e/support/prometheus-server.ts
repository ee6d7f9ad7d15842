import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import type { RuleGroup } from "../../../deploy/prometheus/alert-rules.test-support";
import { freePort } from "./platform-outage";

/** One alert as Prometheus's /api/v1/alerts lists it. */
export type ActiveAlert = { labels: Record<string, string>; annotations: Record<string, string>; state: "pending" | "firing"; value: string };

/**
 * Debian's Prometheus in a temporary directory on a free port, scraping the site's internal listener at `target`
 * (host:port) and evaluating `groups` every second, so a test sees an alert within seconds. Stop it at the end.
 */
export async function startPrometheus(target: string, groups: RuleGroup[]) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "davmu-prometheus-"));
  writeFileSync(path.join(dir, "alerts.yml"), stringify({ groups }));
  writeFileSync(
    path.join(dir, "prometheus.yml"),
    stringify({
      global: { scrape_interval: "1s", scrape_timeout: "1s", evaluation_interval: "1s" },
      rule_files: ["alerts.yml"],
      scrape_configs: [{ job_name: "davmu-share", static_configs: [{ targets: [target] }] }],
    }),
  );
  const child = spawn(
    "prometheus",
    [`--config.file=${path.join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // Not installed: no process, and no exit to wait for (scripts/ensure-test-tools.sh installs it).
  child.once("error", (error) => (output += `${error}\n`));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const answer = (await (await fetch(origin + pathAndQuery)).json()) as { status: string; data: T };
    if (answer.status !== "success") throw new Error(`prometheus ${pathAndQuery}: ${JSON.stringify(answer)}`);
    return answer.data;
  };

  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = () =>
    fetch(`${origin}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (child.pid === undefined || child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    /** The alerts pending or firing. */
    alerts: async () => (await api<{ alerts: ActiveAlert[] }>("/api/v1/alerts")).alerts,
    /** An instant query's samples: their labels and value. */
    query: async (promql: string) =>
      (await api<{ result: Array<{ metric: Record<string, string>; value: [number, string] }> }>(`/api/v1/query?query=${encodeURIComponent(promql)}`))
        .result,
    /** When each rule group was last evaluated (ms since the epoch), by name. */
    lastEvaluations: async () =>
      Object.fromEntries(
        (await api<{ groups: Array<{ name: string; lastEvaluation: string }> }>("/api/v1/rules")).groups.map((group) => [
          group.name,
          Date.parse(group.lastEvaluation),
        ]),
      ),
    stop,
  };
}
