import type { Metric } from "web-vitals";
import { sendBeacon } from "~/client/beacon";
import { afterLoad, whenIdle } from "~/client/idle";
import { MAX_PATH_CHARS, REPORT_FIELD, WEB_VITALS_URL, type VitalName, type VitalsReport } from "~/lib/field-reports";

const IDLE_TIMEOUT_MS = 5000;

let measuring = false;

/**
 * Sampled here (RUM_SAMPLE_RATE) so the page itself stays the same for everyone. web-vitals loads once idle: its observers read
 * what the browser buffered, so it costs the first load nothing. Client-side navigations are not measured.
 */
export function measurePageSpeed(sampleRate: number): void {
  if (measuring || !(Math.random() < sampleRate)) return;
  measuring = true;
  const path = location.pathname.slice(0, MAX_PATH_CHARS);
  afterLoad(() =>
    whenIdle(
      () =>
        void import("web-vitals").then(
          (vitals) => reportVitals(path, vitals),
          () => undefined,
        ),
      IDLE_TIMEOUT_MS,
    ),
  );
}

function reportVitals(path: string, vitals: typeof import("web-vitals")): void {
  const pending = new Map<VitalName, Metric>();
  // INP and CLS are given again at each hide when they grew: a page view counts each figure once, as first sent.
  // A page restored from the back-forward cache is a new view, with new ids.
  const sent = new Set<string>();
  const take = (metric: Metric) => {
    if (!sent.has(metric.id)) pending.set(metric.name, metric);
  };
  for (const on of [vitals.onLCP, vitals.onINP, vitals.onCLS, vitals.onFCP, vitals.onTTFB]) on(take);
  // After web-vitals' own listeners, which hand over LCP, INP and CLS as the page is hidden.
  const flush = () => {
    if (pending.size === 0) return;
    const metrics = [...pending.values()];
    pending.clear();
    for (const metric of metrics) sent.add(metric.id);
    const report: VitalsReport = { path, metrics: metrics.map(({ name, value }) => ({ name, value })) };
    sendBeacon(WEB_VITALS_URL, { [REPORT_FIELD]: JSON.stringify(report) });
  };
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
  window.addEventListener("pagehide", flush);
}
