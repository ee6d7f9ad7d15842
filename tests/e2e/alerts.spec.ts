import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { readRuleGroups } from "../../deploy/prometheus/alert-rules.test-support";
import { SEED_FIXTURES } from "../../platform/seed";
import { startPlatform, stopProcess, untilPlatformAnswers, type Running } from "../../scripts/bench/processes";
import { E2E_PORT } from "./support/e2e-server";
import { freePort, startSite } from "./support/platform-outage";
import { startPrometheus } from "./support/prometheus-server";
import { articleUrl } from "./support/urls";

/**
 * The alert rules (deploy/prometheus/alerts.yml) in a real Prometheus that scrapes the built site, whose platform is
 * its own process (`npm run platform`): killed, it opens the site's breakers and the breaker alert fires, as
 * /api/v1/alerts shows. Process-level: it runs once (playwright.config.ts).
 */
const DATA_DIR = path.resolve(`.tmp/e2e-alerts-${E2E_PORT}`);
const BREAKER_ALERT = "UpstreamBreakerOpen";

let platform: Running | undefined;
let site: Awaited<ReturnType<typeof startSite>> | undefined;
let prometheus: Awaited<ReturnType<typeof startPrometheus>> | undefined;

test.afterAll(async () => {
  await prometheus?.stop();
  site?.stop();
  if (platform) await stopProcess(platform);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test("the platform killed, Prometheus fires the breaker alert", async () => {
  test.setTimeout(90_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  platform = startPlatform(DATA_DIR, await freePort());
  await untilPlatformAnswers(platform, 30_000);
  const metricsPort = await freePort();
  site = await startSite({ PLATFORM_API_URL: platform.origin, METRICS_PORT: String(metricsPort) });
  // The real rule file with only its `for:` durations shortened (the breaker's is a minute): a test of seconds.
  const groups = readRuleGroups().map((group) => ({ ...group, rules: group.rules.map((rule) => ({ ...rule, for: "2s" })) }));
  prometheus = await startPrometheus(`127.0.0.1:${metricsPort}`, groups);

  // A page rendered from the platform: its breakers exist, closed, and Prometheus evaluates the rules over them.
  const page = articleUrl(SEED_FIXTURES.article);
  expect((await fetch(site.origin + page)).status).toBe(200);
  await expect.poll(() => prometheus!.query('davmu_share_upstream_breaker_state{state="closed"} == 1'), { timeout: 20_000 }).not.toEqual([]);
  const seen = Date.now();
  await expect.poll(async () => (await prometheus!.lastEvaluations()).platform, { timeout: 10_000 }).toBeGreaterThan(seen);
  expect((await prometheus.alerts()).filter((alert) => alert.labels.alertname === BREAKER_ALERT)).toEqual([]);

  platform.child.kill("SIGKILL");
  await platform.exited;
  // Pages never stored need the platform: their calls fail until the breaker opens, then it refuses them.
  const unstored = articleUrl(SEED_FIXTURES.olderThan72h);
  await expect
    .poll(
      async () => {
        await fetch(site!.origin + unstored).then((answer) => answer.body?.cancel());
        return (await prometheus!.alerts()).filter((alert) => alert.labels.alertname === BREAKER_ALERT && alert.state === "firing");
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toContainEqual(
      expect.objectContaining({
        labels: expect.objectContaining({ job: "davmu-share", instance: `127.0.0.1:${metricsPort}`, severity: "critical", service: "peony" }),
      }),
    );
});
