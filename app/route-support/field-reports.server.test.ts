import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DEVICE_CLASS_LABELS } from "~/lib/device";
import { parseClientErrorReport, parseVitalsReport } from "~/lib/field-report-schema";
import { MAX_REPORT_BYTES } from "~/lib/field-reports";
import { PAGE_TYPE_LABELS } from "~/lib/page-type";
import { receiveClientError, receiveVitals } from "~/route-support/field-reports.server";
import { stackFrames } from "~/runtime/client-source-maps.server";
import { captureLog } from "~/runtime/logger.test-support";
import { metricsRegistry } from "~/runtime/metrics.server";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const ARTICLE = "/davmu/share/news/doc/2024/05/abc123/index.html";

let address = 0;
/** A beacon's context: its form (none for a GET), the user agent, an address of its own (the limits are per address). */
function beacon(report: unknown, userAgent = ANDROID, clientIp = `10.0.0.${++address}`): AppLoadContext {
  const form = new FormData();
  form.set("report", typeof report === "string" ? report : JSON.stringify(report));
  return { visitor: { postedForm: report === undefined ? null : form }, userAgent, clientIp } as unknown as AppLoadContext;
}

/** Every sample of a metric, with its labels. */
async function samplesOf(name: string) {
  return (await metricsRegistry().getSingleMetric(name)!.get()).values as Array<{
    labels: Record<string, string>;
    value: number;
    metricName?: string;
  }>;
}

const countOf = async (name: string, labels: Record<string, string>, series = `${name}_count`) =>
  (await samplesOf(name))
    .filter(
      (sample) => (sample.metricName ?? name) === series && Object.entries(labels).every(([key, value]) => String(sample.labels[key]) === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

describe("parseVitalsReport", () => {
  const valid = {
    path: ARTICLE,
    metrics: [
      { name: "LCP", value: 1234.5 },
      { name: "CLS", value: 0.02 },
    ],
  };

  it("takes a page view's figures", () => {
    expect(parseVitalsReport(JSON.stringify(valid))).toEqual({ ok: true, value: valid });
  });

  it.each([
    ["a label of its own", { ...valid, page_type: "evil" }],
    ["a device class of its own", { ...valid, device_class: "iphone-99" }],
    ["an unknown metric", { ...valid, metrics: [{ name: "FID", value: 10 }] }],
    ["a metric twice", { ...valid, metrics: [valid.metrics[0], valid.metrics[0]] }],
    ["a negative value", { ...valid, metrics: [{ name: "LCP", value: -1 }] }],
    ["an hour's LCP", { ...valid, metrics: [{ name: "LCP", value: 3_600_000 }] }],
    ["no metrics", { ...valid, metrics: [] }],
    ["a URL for a path", { ...valid, path: "https://example.com/" }],
    ["a list", [valid]],
  ])("refuses %s", (_, report) => {
    expect(parseVitalsReport(JSON.stringify(report))).toMatchObject({ ok: false });
  });

  it("refuses garbage, an empty field and a body over the cap", () => {
    expect(parseVitalsReport("")).toMatchObject({ ok: false, error: "missing report" });
    expect(parseVitalsReport("{not json")).toMatchObject({ ok: false, error: "report: not JSON" });
    const oversized = JSON.stringify({ ...valid, path: `/${"a".repeat(MAX_REPORT_BYTES)}` });
    expect(parseVitalsReport(oversized)).toEqual({ ok: false, error: `report over ${MAX_REPORT_BYTES} bytes` });
  });
});

describe("parseClientErrorReport", () => {
  it("takes an error with its stack or its event's location, and refuses unknown kinds and fields", () => {
    const report = { kind: "error", path: ARTICLE, message: "TypeError: x is undefined", source: "http://a/b.js", line: 1, column: 2 };
    expect(parseClientErrorReport(JSON.stringify(report))).toEqual({ ok: true, value: report });
    expect(parseClientErrorReport(JSON.stringify({ ...report, kind: "fatal" }))).toMatchObject({ ok: false });
    expect(parseClientErrorReport(JSON.stringify({ ...report, page_type: "evil" }))).toMatchObject({ ok: false });
    expect(parseClientErrorReport(JSON.stringify({ ...report, message: "x".repeat(301) }))).toMatchObject({ ok: false });
  });
});

describe("receiveVitals", () => {
  it("observes each figure in seconds under the page's type and the user agent's device class", async () => {
    const labels = { page_type: "article", device_class: "android-browser" };
    const before = await countOf("web_vitals_lcp_seconds", labels);
    const answer = await receiveVitals(
      beacon({
        path: ARTICLE,
        metrics: [
          { name: "LCP", value: 2500 },
          { name: "TTFB", value: 300 },
        ],
      }),
    );
    expect(answer.status).toBe(204);
    expect(await countOf("web_vitals_lcp_seconds", labels)).toBe(before + 1);
    expect(await countOf("web_vitals_lcp_seconds", { ...labels, le: "2.5" }, "web_vitals_lcp_seconds_bucket")).toBeGreaterThan(0);
    expect(await countOf("web_vitals_ttfb_seconds", labels)).toBeGreaterThan(0);
  });

  it("gives forged paths and user agents only known label values", async () => {
    await receiveVitals(beacon({ path: "/davmu/share/evil/evil/1/2/3", metrics: [{ name: "FCP", value: 100 }] }, "Mozilla/5.0 <evil>"));
    for (const { labels } of await samplesOf("web_vitals_fcp_seconds")) {
      expect(PAGE_TYPE_LABELS.has(labels.page_type!)).toBe(true);
      expect(DEVICE_CLASS_LABELS).toContain(labels.device_class);
    }
    expect(await countOf("web_vitals_fcp_seconds", { page_type: "other", device_class: "desktop" })).toBe(1);
  });

  it("answers a bad beacon with a 4xx: garbage 400, a GET 405, a flood 429", async () => {
    const bad = await receiveVitals(beacon("garbage"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "report: not JSON" });
    expect((await receiveVitals(beacon(undefined))).status).toBe(405);
    const flood = (await Promise.all(Array.from({ length: 130 }, () => receiveVitals(beacon("x", ANDROID, "10.1.1.1"))))).map((r) => r.status);
    expect(flood.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it("keeps nothing of a crawler's beacon", async () => {
    const before = await countOf("web_vitals_cls", {});
    const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await receiveVitals(beacon({ path: ARTICLE, metrics: [{ name: "CLS", value: 0 }] }, crawler))).status).toBe(204);
    expect(await countOf("web_vitals_cls", {})).toBe(before);
  });
});

describe("receiveClientError", () => {
  it("counts an error by page type and kind and logs it once per address a while", async () => {
    const log = captureLog("warn");
    const report = { kind: "rejection", path: ARTICLE, message: "Error: boom", stack: "Error: boom\n    at f (https://cdn.example/lib.js:1:2)" };
    const before = await countOf("client_errors_total", { page_type: "article", kind: "rejection" }, "client_errors_total");
    for (let i = 0; i < 3; i++) expect((await receiveClientError(beacon(report, ANDROID, "10.2.2.2"))).status).toBe(204);
    expect(await countOf("client_errors_total", { page_type: "article", kind: "rejection" }, "client_errors_total")).toBe(before + 1);
    expect(log.lines.filter((line) => line.msg === "client script error")).toEqual([
      expect.objectContaining({
        level: "warn",
        kind: "rejection",
        error: "Error: boom",
        // Another origin's script is not looked up.
        source: "unknown",
        pageType: "article",
        deviceClass: "android-browser",
      }),
    ]);
  });

  it("refuses an unknown kind with a 400", async () => {
    expect((await receiveClientError(beacon({ kind: "evil", path: ARTICLE, message: "x" }))).status).toBe(400);
  });
});

describe("stackFrames", () => {
  it("reads Chromium's and WebKit's frames, top first", () => {
    const stack = "TypeError: x\n    at f (http://h/davmu/share/assets/a-1.js:3:40)\n    at http://h/davmu/share/assets/b-2.js:1:9";
    expect(stackFrames(stack)).toEqual([
      { url: "http://h/davmu/share/assets/a-1.js", line: 3, column: 40 },
      { url: "http://h/davmu/share/assets/b-2.js", line: 1, column: 9 },
    ]);
    expect(stackFrames("f@https://h/davmu/share/assets/c.js:10:5\n")).toEqual([{ url: "https://h/davmu/share/assets/c.js", line: 10, column: 5 }]);
  });
});
