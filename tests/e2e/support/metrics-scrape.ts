import { E2E_ORIGIN } from "./e2e-server";
import { freePort, startSite } from "./platform-outage";
import { expect } from "./test";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments left out). */
function parseExposition(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [, name, labelText = "", value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      if (!name) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, raw]) => [key, raw]));
      return { name, labels, value: Number(value) };
    });
}

/** The site's metrics as its internal listener serves them, read through a lookup by name and labels. */
export async function scrape(metricsPort: number, token?: string) {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const samples = parseExposition(await response.text());
  /** The sum of a metric's samples whose labels include `labels`; undefined when it has none. */
  return (name: string, labels: Record<string, string> = {}): number | undefined => {
    const matching = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
    return matching.length ? matching.reduce((sum, sample) => sum + sample.value, 0) : undefined;
  };
}

/**
 * build/cluster.js with two workers and `env`, its metrics on a port of its own, against the e2e server's platform:
 * the primary runs no embedded platform and needs no database.
 */
export async function startClusterSite(env: Record<string, string>) {
  const metricsPort = await freePort();
  const site = await startSite(
    { WEB_CONCURRENCY: "2", PLATFORM_API_URL: `${E2E_ORIGIN}/_platform`, METRICS_PORT: String(metricsPort), ...env },
    "build/cluster.js",
  );
  return { site, metricsPort };
}
