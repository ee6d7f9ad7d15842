/** Server start-up: the site's host, the platform on its own, and the bookkeeping that stops them all. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BASE_PATH } from "../../app/lib/base-path";
import type { PlatformDetail } from "../../server/ops/health";
import type { PageCacheStats } from "../../app/runtime/metrics.server";
import { nativeMemoryEnv, withHeapSettings } from "../../server/ops/process-memory";
import { E2E_DEV_KEY, E2E_HASHIDS } from "../../tests/e2e/support/e2e-server";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SERVER_ENTRY = path.join(ROOT, "build/server.js");
export const CLUSTER_ENTRY = path.join(ROOT, "build/cluster.js");

/**
 * The ids and development key of the e2e run: the tests' helpers (seeded pages' addresses, the demo account's
 * password, the SMS outbox) then work against the bench's servers too.
 */
const SHARED_ENV = {
  HASHIDS_SALT: E2E_HASHIDS.salt,
  HASHIDS_MIN_LENGTH: String(E2E_HASHIDS.minLength),
  PLATFORM_DEV_KEY: E2E_DEV_KEY,
};

// Every child still running: an interrupted bench must leave no server or browser behind.
const running = new Set<ChildProcess>();
let interrupted = false;

export function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

export const wasInterrupted = () => interrupted;

// Every temporary directory not removed yet: an interrupted bench removes them too.
const temporaryDirectories = new Set<string>();

export async function temporaryDirectory(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `davmu-bench-${name}-`));
  temporaryDirectories.add(dir);
  return dir;
}

export async function removeTemporaryDirectory(dir: string): Promise<void> {
  temporaryDirectories.delete(dir);
  await rm(dir, { recursive: true, force: true });
}

export const removeTemporaryDirectories = () => Promise.all([...temporaryDirectories].map(removeTemporaryDirectory)).then(() => undefined);

/** Ctrl-C or SIGTERM: every child goes, then every temporary directory, then the bench exits. */
export function stopEverythingOnSignal(): void {
  const stop = async () => {
    interrupted = true;
    for (const child of running) child.kill("SIGTERM");
    await removeTemporaryDirectories();
    process.exit(130);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last lines a child printed, to show them if it dies. */
export function tail(stream: NodeJS.ReadableStream | null, lines: string[]): void {
  if (!stream) return;
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    lines.push(...chunk.split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  });
}

/** `internal`: the site's internal listener (METRICS_PORT), where the platform's detail and the page cache's counters are. */
export type Running = { child: ChildProcess; exited: Promise<unknown>; output: string[]; origin: string; internal?: string };

function started(child: ChildProcess, origin: string, internal?: string): Running {
  const output: string[] = [];
  tail(child.stdout, output);
  tail(child.stderr, output);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, exited, output, origin, internal };
}

/** `node build/server.js` (or `entry`) in production mode on a free port, over a new database in `dataDir`. */
export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}, entry = SERVER_ENTRY): Promise<Running> {
  const port = await freePort();
  const internalPort = await freePort();
  // The site's processes start with these (build/cluster.js gives them to its workers): the bench's server too.
  const child = spawn(process.execPath, [...withHeapSettings([], process.env.NODE_OPTIONS), entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...nativeMemoryEnv(process.env),
      NODE_ENV: "production",
      // The embedded platform unless extraEnv names a real one; the origin the bench reaches it at either way.
      DEMO_PLATFORM: "1",
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      PORT: String(port),
      // A port of its own: sites started together would share the default, and the bench reads /health/detail there.
      METRICS_PORT: String(internalPort),
      HOST: "127.0.0.1",
      // No balancer to wait for when a run stops it.
      SHUTDOWN_DELAY_MS: "0",
      PLATFORM_DB_PATH: path.join(dataDir, "platform.sqlite"),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ...SHARED_ENV,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // `localhost`, as the tests: Chromium keeps the production (Secure) session cookie on http://localhost.
  return started(track(child), `http://localhost:${port}`, `http://127.0.0.1:${internalPort}`);
}

/** The platform on its own (what `npm run platform` starts), on `port`, over the database in `dataDir`. */
export function startPlatform(dataDir: string, port: number): Running {
  const child = spawn(process.execPath, ["--import", "tsx", "platform/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PLATFORM_DB_PATH: path.join(dataDir, "platform.sqlite"), ...SHARED_ENV },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return started(track(child), `http://127.0.0.1:${port}`);
}

/** Waits until the platform of `startPlatform` answers; the time it did. */
export async function untilPlatformAnswers(platform: Running, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (platform.child.exitCode !== null) throw new Error(`the platform exited:\n${platform.output.join("\n")}`);
    const ok = await fetch(`${platform.origin}/peony/v1/group`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the platform did not answer within ${timeoutMs} ms:\n${platform.output.join("\n")}`);
}

/** The platform on its own over the database in `dataDir`, answering, for the length of `body`; stopped after it. */
export async function withPlatform<T>(dataDir: string, body: (platform: Running) => Promise<T>): Promise<T> {
  const platform = startPlatform(dataDir, await freePort());
  try {
    await untilPlatformAnswers(platform, 60_000);
    return await body(platform);
  } finally {
    await stopProcess(platform);
  }
}

export async function stopProcess(running: Running): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill("SIGTERM");
  const timer = setTimeout(() => running.child.kill("SIGKILL"), 10_000);
  await running.exited;
  clearTimeout(timer);
}

async function waitForOk(server: Running, pathname: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const ok = await fetch(server.origin + pathname).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${pathname} did not answer 200 ${exited ? "(the server exited)" : `within ${timeoutMs} ms`}`);
}

/** Waits until the host is ready and its platform answers (the home page renders: readiness does not ask the platform). */
export async function untilReady(server: Running): Promise<void> {
  await waitForOk(server, `${BASE_PATH}readyz`, 60_000);
  await waitForOk(server, BASE_PATH, 30_000);
}

/** The page cache's counters, from the platform's detail on the site's internal listener (server/ops/health.ts). */
export async function pageCacheStats(server: Running): Promise<PageCacheStats> {
  const detail = (await (await fetch(`${server.internal}/health/detail`)).json()) as PlatformDetail;
  if (!detail.pageCache) throw new Error("the site reports no page cache");
  return detail.pageCache;
}

/** A server for the length of `body`, stopped after it; its last output printed when `body` fails. */
export async function withServer<T>(server: Running, body: (server: Running) => Promise<T>): Promise<T> {
  try {
    await untilReady(server);
    return await body(server);
  } catch (error) {
    if (!interrupted) console.error(`last server output:\n${server.output.join("\n")}`);
    throw error;
  } finally {
    await stopProcess(server);
  }
}

/** The resident memory of one process (Linux `VmRSS`), in MB; NaN once it is gone. */
export async function rssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN) / 1024;
}

/** The CPU time (ms) a process has used so far, user and system (Linux). */
export async function cpuMilliseconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Past the command's name in parentheses the fields start at the third; utime and stime are the 14th and 15th, in
  // clock ticks of 1/100 s (USER_HZ).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The pids of a process and all its descendants (Linux). */
export async function processTree(pid: number): Promise<number[]> {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const tasks = await readdir(`/proc/${pids[i]}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      const children = await readFile(`/proc/${pids[i]}/task/${task}/children`, "utf8").catch(() => "");
      pids.push(...children.split(" ").filter(Boolean).map(Number));
    }
  }
  return pids;
}

/** The resident memory of a process and its descendants, in MB: their sum, and the largest one's. */
export async function treeRssMegabytes(pid: number): Promise<{ sum: number; largest: number }> {
  let sum = 0;
  let largest = 0;
  for (const each of await processTree(pid)) {
    const mb = await rssMegabytes(each);
    if (!Number.isFinite(mb)) continue;
    sum += mb;
    largest = Math.max(largest, mb);
  }
  return { sum, largest };
}

/**
 * `npm run edge` (scripts/edge.mjs): Varnish on `port` in front of `backends` (host:port), purged by whoever has
 * `purgeKey` on this machine. Its origin is `localhost`, as the sites behind it write their pages for.
 */
export function startEdge(port: number, backends: string[], purgeKey: string): Running {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/edge.mjs")], {
    cwd: ROOT,
    env: { ...process.env, EDGE_PORT: String(port), EDGE_HOST: "127.0.0.1", EDGE_BACKENDS: backends.join(","), EDGE_PURGE_KEY: purgeKey },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return started(track(child), `http://localhost:${port}`);
}
