import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { freePort } from "./platform-outage";

// Debian installs it in /usr/sbin, which is not on every user's PATH.
const HAPROXY = existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";

/** A test may send a request to one replica by name: header `x-replica`, or cookie `replica` (a browser's). */
export const PIN_HEADER = "x-replica";
export const PIN_COOKIE = "replica";

/**
 * Debian's HAProxy on `port` in front of the replicas (`name` → port), as docs/deploy.md configures it: round robin, no
 * affinity, health checks, retries on another replica (GET and HEAD after a failed answer; any request that never
 * reached one). For the tests it names the replica that answered in `X-Replica` and honours the pins above.
 */
export async function startHaproxy(replicas: Record<string, number>, port: number) {
  const statsPort = await freePort();
  const names = Object.keys(replicas);
  const dir = mkdtempSync(path.join(os.tmpdir(), "davmu-haproxy-"));
  const config = path.join(dir, "haproxy.cfg");
  writeFileSync(
    config,
    `global
  maxconn 512

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch 1
  retry-on all-retryable-errors

frontend site
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk
  http-check send meth GET uri /davmu/share/healthz ver HTTP/1.1 hdr Host localhost
  http-request disable-l7-retry unless METH_GET || METH_HEAD
${names.map((name) => `  use-server ${name} if { req.hdr(${PIN_HEADER}) -m str ${name} } || { req.cook(${PIN_COOKIE}) -m str ${name} }`).join("\n")}
  http-response set-header X-Replica %s
${names.map((name) => `  server ${name} 127.0.0.1:${replicas[name]} check inter 2s fall 2 rise 1`).join("\n")}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`,
  );
  let output = "";
  const child = spawn(HAPROXY, ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));

  /** The stats CSV rows of the backend and its servers, by server name (`BACKEND` for the whole). */
  const stats = async (): Promise<Record<string, Record<string, string>>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.trim().split("\n");
    const fields = header.replace(/^# /, "").split(",");
    const table: Record<string, Record<string, string>> = {};
    for (const row of rows) {
      const values = row.split(",");
      const record = Object.fromEntries(fields.map((field, i) => [field, values[i]]));
      if (record.pxname === "replicas") table[record.svname] = record;
    }
    return table;
  };
  const serverStates = async () => Object.fromEntries(Object.entries(await stats()).map(([name, row]) => [name, row.status]));

  await expect
    .poll(() => serverStates().catch(() => ({})), { message: `haproxy up with every replica:\n${output}`, timeout: 20_000 })
    .toEqual({ ...Object.fromEntries(names.map((name) => [name, "UP"])), BACKEND: "UP" });
  return {
    origin: `http://localhost:${port}`,
    stats,
    serverStates,
    stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
