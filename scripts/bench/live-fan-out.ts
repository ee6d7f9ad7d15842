/**
 * The live row: how many viewers of one broadcast the host holds, and chat messages reaching every one of them
 * within LIVE_DEADLINE_MS, over one upstream stream. BENCH_LIVE_VIEWERS changes the count. Each viewer is a plain
 * node:http client (two sockets per viewer on this machine: raise `ulimit -n` above 2 × viewers + 1000 if needed).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { BASE_PATH } from "../../app/lib/base-path";
import { smsOutboxPath } from "../../platform/routes/dev";
import { uniquePhone } from "../../tests/e2e/support/login";
import { E2E_DEV_KEY } from "../../tests/e2e/support/e2e-server";
import { quantile, sleep, verdict } from "./constants";
import { rssMegabytes, startServer, withServer } from "./processes";

const LIVE_VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 2000);
const LIVE_ID = "marathon-2026";
const LIVE_PROBES = 5;
const LIVE_DEADLINE_MS = 2000;

export type LiveResult = {
  viewers: number;
  open: number;
  upstreams: number;
  deliveries: number;
  withinDeadline: number;
  p50: number;
  p99: number;
  max: number;
  bytesPerViewer: number;
};

/** A logged-in platform token for a fresh phone, by verification code through the development SMS outbox. */
async function platformUserToken(platformOrigin: string): Promise<string> {
  const call = async <T>(pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<T> => {
    const response = await fetch(platformOrigin + pathname, { ...init, headers: { "content-type": "application/json", ...init.headers } });
    const body = (await response.json()) as { code: number; message?: string; data: T };
    if (body.code !== 0) throw new Error(`${pathname}: ${body.code} ${body.message}`);
    return body.data;
  };
  const app = { appid: 1, platform: "mobile" };
  const { token: anonymous } = await call<{ token: string }>("/peony/v1/auth", { method: "POST", body: JSON.stringify(app) });
  const phone = uniquePhone();
  await call(`/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: anonymous } });
  const outbox = await call<{ list: { code: string }[] }>(`${smsOutboxPath(E2E_DEV_KEY)}&tel=${phone}`, { headers: { accept: "application/json" } });
  const code = outbox.list[0]?.code;
  if (!code) throw new Error("no verification code in the development outbox");
  const { token } = await call<{ token: string }>("/peony/v1/auth", {
    method: "POST",
    headers: { authorization: anonymous },
    body: JSON.stringify({ ...app, account: phone, device_id: "bench", verify_code: code }),
  });
  return token;
}

type Viewer = { seen: Map<string, number>; request: http.ClientRequest };

/** One viewer: an open event stream that notes when each awaited text first arrives. */
function openViewer(url: string, expected: string[]): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const seen = new Map<string, number>();
    let tailText = "";
    const request = http.get(url, { agent: false, headers: { accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const text = tailText + chunk;
        for (const probe of expected) if (!seen.has(probe) && text.includes(probe)) seen.set(probe, Date.now());
        tailText = text.slice(-200);
      });
      resolve({ seen, request });
    });
    request.on("error", reject);
  });
}

export async function measureLive(workDir: string): Promise<LiveResult> {
  // Every viewer is this machine's one address: the caps let them all in.
  const caps = { LIVE_STREAMS_PER_ADDRESS: String(LIVE_VIEWERS), LIVE_STREAMS_PER_PROCESS: String(LIVE_VIEWERS) };
  const server = await startServer(workDir, { LIVE_STREAM_MAX_SECONDS: "3600", LOG_LEVEL: "silent", ...caps });
  const viewers: Viewer[] = [];
  return withServer(server, async () => {
    try {
      const platformOrigin = `${server.origin}/_platform`;
      const token = await platformUserToken(platformOrigin);
      const streamUrl = `${server.origin}${BASE_PATH}api/live/${LIVE_ID}/events`;
      const probes = Array.from({ length: LIVE_PROBES }, (_, i) => `bench-probe-${i}-${randomBytes(4).toString("hex")}`);
      await sleep(2);
      const rssBefore = await rssMegabytes(server.child.pid!);
      // In batches, so the listen backlog never overflows.
      for (let opened = 0; opened < LIVE_VIEWERS; opened += 100) {
        const batch = Math.min(100, LIVE_VIEWERS - opened);
        viewers.push(...(await Promise.all(Array.from({ length: batch }, () => openViewer(streamUrl, probes)))));
      }
      await sleep(3);
      const rssAfter = await rssMegabytes(server.child.pid!);
      const streams = (await (await fetch(`${platformOrigin}/dev/live/streams?key=${E2E_DEV_KEY}`)).json()) as {
        data: { open: Record<string, number> };
      };
      const upstreams = streams.data.open[LIVE_ID] ?? 0;

      const latencies: number[] = [];
      for (const probe of probes) {
        const sentAt = Date.now();
        const sent = (await (
          await fetch(`${platformOrigin}/peony/v3/live/send_msg`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: token },
            body: JSON.stringify({ live_id: LIVE_ID, content: probe }),
          })
        ).json()) as { code: number; message?: string };
        if (sent.code !== 0) throw new Error(`send_msg: ${sent.code} ${sent.message}`);
        // Wait for every viewer (or the deadline and a margin), then the platform's per-user rate limit.
        const until = Date.now() + LIVE_DEADLINE_MS * 3;
        while (Date.now() < until && viewers.some((viewer) => !viewer.seen.has(probe))) await sleep(0.05);
        for (const viewer of viewers) latencies.push(viewer.seen.has(probe) ? viewer.seen.get(probe)! - sentAt : Number.POSITIVE_INFINITY);
        await sleep(2.5);
      }
      return {
        viewers: LIVE_VIEWERS,
        open: viewers.filter((viewer) => !viewer.request.destroyed).length,
        upstreams,
        deliveries: latencies.length,
        withinDeadline: latencies.filter((value) => value <= LIVE_DEADLINE_MS).length,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        max: Math.max(...latencies),
        bytesPerViewer: ((rssAfter - rssBefore) * 1024 * 1024) / LIVE_VIEWERS,
      };
    } finally {
      for (const viewer of viewers) viewer.request.destroy();
    }
  });
}

export function reportLive(live: LiveResult): void {
  const latency = (value: number) => (Number.isFinite(value) ? `${value} ms` : "never");
  console.log(
    `\n### Live broadcast fan-out\n\n- ${live.viewers} viewers of one broadcast (${LIVE_ID}), each a node:http client on the site's event stream; ` +
      `${LIVE_PROBES} chat messages sent through the platform's send_msg, each timed from the call to its arrival at every viewer\n`,
  );
  console.log("| measure | value | target | result |");
  console.log("|---|---|---|---|");
  console.log(`| open streams held | ${live.open} of ${live.viewers} | ≥ 2000 | ${verdict(live.open >= 2000)} |`);
  console.log(
    `| deliveries within ${LIVE_DEADLINE_MS / 1000} s | ${live.withinDeadline} of ${live.deliveries} | all | ${verdict(live.withinDeadline === live.deliveries)} |`,
  );
  console.log(
    `| delivery latency p50 / p99 / max | ${latency(live.p50)} / ${latency(live.p99)} / ${latency(live.max)} | ≤ ${LIVE_DEADLINE_MS} ms | ${verdict(live.max <= LIVE_DEADLINE_MS)} |`,
  );
  console.log(`| upstream streams to the platform during it | ${live.upstreams} | 1 | ${verdict(live.upstreams === 1)} |`);
  console.log(`| host memory per viewer (RSS growth / viewers) | ${(live.bytesPerViewer / 1024).toFixed(1)} KiB | | |`);
}
