/**
 * The bare-server ceiling of the page-cache table: the page's own gzip bytes sent by a bare node:http server in a
 * process of its own, and by nginx with gzip_static when it is installed. Under the same load generator on the same
 * machine, what a server that does nothing but send those bytes reaches: the rows are reported as shares of it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { MOBILE_UA } from "./constants";
import { measureLoad, type LoadResult } from "./load";
import { freePort, removeTemporaryDirectory, ROOT, stopProcess, tail, temporaryDirectory, track, type Running } from "./processes";

const NGINX = "/usr/sbin/nginx";
const CEILING_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "ceiling-server.ts");

export type Ceiling = { label: string; load: LoadResult };

/** The page's bytes exactly as the site sends them to a phone that accepts gzip (its stored gzip body). */
export function pageGzipBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "user-agent": MOBILE_UA, "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          if (response.statusCode !== 200 || response.headers["content-encoding"] !== "gzip") {
            reject(
              new Error(
                `${url} answered ${response.statusCode} with content-encoding ${response.headers["content-encoding"]}, expected a 200 in gzip`,
              ),
            );
          } else resolve(Buffer.concat(chunks));
        });
      })
      .on("error", reject);
  });
}

/** Starts a child and waits until `url` answers in gzip. */
async function untilServing(running: Running, url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && running.child.exitCode === null) {
    const encoding = await fetch(url, { headers: { "accept-encoding": "gzip" } }).then(
      (response) => response.headers.get("content-encoding"),
      () => null,
    );
    if (encoding === "gzip") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in gzip:\n${running.output.join("\n")}`);
}

function startChild(command: string, args: string[], origin: string): Running {
  const child = track(spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }));
  const output: string[] = [];
  tail(child.stdout, output);
  tail(child.stderr, output);
  return { child, exited: new Promise((resolve) => child.once("exit", resolve)), output, origin };
}

async function measureCeiling(running: Running, url: string): Promise<LoadResult> {
  try {
    await untilServing(running, url);
    return await measureLoad(url, { "user-agent": MOBILE_UA, "accept-encoding": "gzip" });
  } finally {
    await stopProcess(running);
  }
}

/** Whether nginx is installed with its gzip_static module (Debian's nginx-light has it). */
function nginxWithGzipStatic(): boolean {
  if (!existsSync(NGINX)) return false;
  // `nginx -V` prints its configure arguments on stderr.
  const { stdout, stderr } = spawnSync(NGINX, ["-V"], { encoding: "utf8" });
  return `${stdout}${stderr}`.includes("--with-http_gzip_static_module");
}

/** nginx in the foreground with its own prefix under `dir`: one worker, no access log, the page as index.html(.gz). */
async function startNginx(dir: string, gzipped: Buffer, port: number): Promise<Running> {
  const prefix = path.join(dir, "nginx");
  await mkdir(path.join(prefix, "html"), { recursive: true });
  await mkdir(path.join(prefix, "temp"), { recursive: true });
  await writeFile(path.join(prefix, "html/index.html.gz"), gzipped);
  await writeFile(path.join(prefix, "html/index.html"), gunzipSync(gzipped));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${prefix}/temp/${kind};`).join(" ");
  await writeFile(
    path.join(prefix, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp}
  types { text/html html; }
  server {
    listen 127.0.0.1:${port};
    root ${prefix}/html;
    location / { gzip_static on; }
  }
}
`,
  );
  // Started as root, nginx's worker runs as nobody: it must be able to read the page (the directory is in /tmp).
  for (const each of [dir, prefix, path.join(prefix, "html")]) await chmod(each, 0o755);
  return startChild(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")], `http://127.0.0.1:${port}`);
}

/** The bare node:http server's row, from a temporary directory of its own. */
export async function measureBareCeiling(gzipped: Buffer): Promise<Ceiling> {
  return inTemporaryDirectory(async (dir) => {
    const file = path.join(dir, "page.html.gz");
    await writeFile(file, gzipped);
    const port = await freePort();
    const bare = startChild(process.execPath, ["--import", "tsx", CEILING_SERVER, file, String(port)], `http://127.0.0.1:${port}`);
    return { label: "bare node:http, own process", load: await measureCeiling(bare, `${bare.origin}/`) };
  });
}

/** The ceiling rows: the bare node:http server, then nginx gzip_static when it is installed. */
export async function measureCeilings(gzipped: Buffer): Promise<Ceiling[]> {
  const ceilings = [await measureBareCeiling(gzipped)];
  if (nginxWithGzipStatic()) {
    const load = await inTemporaryDirectory(async (dir) => {
      const nginx = await startNginx(dir, gzipped, await freePort());
      return measureCeiling(nginx, `${nginx.origin}/index.html`);
    });
    ceilings.push({ label: "nginx gzip_static, 1 worker", load });
  }
  return ceilings;
}

async function inTemporaryDirectory<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await temporaryDirectory("ceiling");
  try {
    return await body(dir);
  } finally {
    await removeTemporaryDirectory(dir);
  }
}
