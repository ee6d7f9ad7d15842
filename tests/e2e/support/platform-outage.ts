import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_ORIGIN, E2E_SERVER_ENV } from "./e2e-server";

/**
 * A second site for outage tests, in front of a platform the test controls: a small proxy to the e2e
 * server's embedded platform that can pass calls on, refuse them as a stopped platform would, hold them
 * (a platform too slow to answer) until the test releases them, or answer them late (`slow`: a platform that is
 * slow but still answers).
 */
export type PlatformMode = "up" | "down" | "hold" | "slow";

export async function startControllablePlatform(target = `${E2E_ORIGIN}/_platform`) {
  let mode: PlatformMode = "up";
  const held: Array<() => void> = [];
  let calls = 0;
  let slow = { delayMs: 0, applies: (_path: string) => false };
  const late = { made: [] as string[], due: [] as string[] };
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    // A held call the site gave up on has nobody left to answer.
    if (res.destroyed) return;
    const url = new URL(target + req.url);
    const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
  const server = createServer((req, res) => {
    calls += 1;
    if (mode === "down") return void req.socket.destroy();
    if (mode === "hold") return void held.push(() => forward(req, res));
    const path = req.url ?? "";
    if (mode === "slow" && slow.applies(path)) {
      late.made.push(path);
      return void setTimeout(() => {
        late.due.push(path);
        forward(req, res);
      }, slow.delayMs);
    }
    forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next: PlatformMode) {
      mode = next;
    },
    /** Slow mode: the calls whose path `applies` to are answered `delayMs` late; the others at once. */
    slowDown(delayMs: number, applies: (path: string) => boolean) {
      slow = { delayMs, applies };
      late.made.length = 0;
      late.due.length = 0;
      mode = "slow";
    },
    /** The paths of the calls slow mode delayed, and of those whose delay is over (answered, if anyone still waits). */
    late: () => ({ made: [...late.made], due: [...late.due] }),
    /** Calls that reached the platform so far, answered or not. */
    calls: () => calls,
    /** Calls held and not yet answered. */
    held: () => held.length,
    /** Answers every held call (late, as a slow platform would). */
    release() {
      for (const answer of held.splice(0)) answer();
    },
    close() {
      held.splice(0);
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A free TCP port on the loopback interface, for a process the test starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One line the site wrote: a JSON object with at least these (app/runtime/logger.server.ts). */
export type LogLine = Record<string, unknown> & { level: string; time: string; msg: string };

/** Every whole line of `written`, each parsed: one that is not a JSON object throws. */
function parsedLines(written: { stdout: string; stderr: string }): LogLine[] {
  return [written.stdout, written.stderr].flatMap((text) =>
    text
      .split("\n")
      .slice(0, -1)
      .map((line) => {
        try {
          return JSON.parse(line) as LogLine;
        } catch {
          throw new Error(`the site wrote a line that is not JSON: ${line}`);
        }
      }),
  );
}

/** In front of a real platform production needs its public origin: the one the tests reach it at. */
const realPlatformOrigin = (port: number, env: Record<string, string | undefined>) =>
  env.PLATFORM_API_URL ? { PUBLIC_ORIGIN: `http://localhost:${port}` } : {};

/** Spawns the built site `entry` on `port` with the e2e settings plus `env`, keeping what it writes. */
function spawnSite(entry: string, port: number, env: Record<string, string | undefined>) {
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, ...E2E_SERVER_ENV, PORT: String(port), ...realPlatformOrigin(port, env), ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // Apart as well: chunks of the two streams may cut each other's lines.
  const written = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk) => ((output += chunk), (written.stdout += chunk)));
  child.stderr?.on("data", (chunk) => ((output += chunk), (written.stderr += chunk)));
  return { child, written, output: () => output };
}

/** Starts the built site `entry` with `env` (undefined: unset) expecting it to fail: its exit code and its lines, each parsed. */
export async function failedStart(
  env: Record<string, string | undefined>,
  entry = "build/server.js",
): Promise<{ code: number | null; lines: LogLine[] }> {
  const { child, written } = spawnSite(entry, await freePort(), env);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, lines: parsedLines(written) };
}

/**
 * Starts the built site (build/server.js, or `entry` such as build/cluster.js) with the e2e settings plus `env`
 * (its warnings and errors logged unless `LOG_LEVEL` says otherwise), and waits until it serves.
 */
export async function startSite(env: Record<string, string>, entry = "build/server.js") {
  const port = await freePort();
  const { child, written, output } = spawnSite(entry, port, { LOG_LEVEL: "warn", ...env });
  const origin = `http://localhost:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${origin}/davmu/share/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 300) throw new Error(`site did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    /** Everything the site printed, for lines such as 'serving stale …'. */
    output,
    /** Every whole line the site wrote on stdout and stderr, each parsed: one that is not a JSON object throws. */
    logLines: () => parsedLines(written),
    process: child,
    stop() {
      child.kill("SIGTERM");
    },
  };
}
