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
