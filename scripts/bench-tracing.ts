// Measures what traces cost the site's hooks (app/runtime/tracing.server.ts), off and on: a request's span, a platform
// call's, and the ids a log line looks up; each against the same work without the hook. Traces on send to a local
// OTLP receiver that drops what it gets. Off and on each run in a process of their own (the env is read at import):
//   npx tsx scripts/bench-tracing.ts
import { execFile } from "node:child_process";
import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROUNDS = { off: 500_000, on: 50_000 };

/** Nanoseconds per call of `work`, the median of five runs of `rounds` calls (after one to warm up); awaited only when it is async. */
async function perCall(rounds: number, work: () => unknown): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run < 6; run++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) {
      const done = work();
      if (done instanceof Promise) await done;
    }
    if (run > 0) runs.push(Number(process.hrtime.bigint() - started) / rounds);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

async function measure(mode: "off" | "on") {
  const tracing = await import("../app/runtime/tracing.server");
  await tracing.startTracing();
  const rounds = ROUNDS[mode];
  const req = new IncomingMessage(new Socket());
  Object.assign(req, { method: "GET", url: "/davmu/share/news/doc/2026/11/abc/index.html", headers: {} });
  const answer = () => undefined;
  const nameOf = () => "GET detail";
  const describe = () => ({ name: "GET /peony/v1/content/detail", attributes: { "davmu.upstream": "peony" } });
  const call = async () => "body";
  const rows = {
    "a request: its span": await perCall(rounds, () => {
      const res = new ServerResponse(req);
      tracing.traceRequest(req, res, nameOf, answer);
      res.emit("close");
    }),
    "a request: no hook": await perCall(rounds, () => {
      const res = new ServerResponse(req);
      answer();
      res.emit("close");
    }),
    "a platform call: its span": await perCall(rounds, () => tracing.traceCall(describe, {}, call)),
    "a platform call: no hook": await perCall(rounds, call),
    "a log line's trace ids": await perCall(rounds, () => tracing.activeTraceIds()),
  };
  await tracing.stopTracing();
  return rows;
}

const mode = process.argv[2];
if (mode === "off" || mode === "on") {
  console.log(JSON.stringify(await measure(mode)));
} else {
  const receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}")));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  // Not a synchronous child: this process's receiver must answer the exports meanwhile.
  const run = async (which: "off" | "on", env: NodeJS.ProcessEnv) => {
    const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), which], {
      env,
      encoding: "utf8",
    });
    return JSON.parse(stdout) as Record<string, number>;
  };
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _unset, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _unsetToo, ...without } = process.env;
  const off = await run("off", { ...without, LOG_LEVEL: "silent" });
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const on = await run("on", {
    ...without,
    LOG_LEVEL: "silent",
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
  });
  receiver.close();
  console.log(`Node ${process.version}, ns per call, the median of five runs\n`);
  console.log("| what | off | on |\n|---|---:|---:|");
  for (const row of Object.keys(off)) console.log(`| ${row} | ${off[row]!.toFixed(1)} | ${on[row]!.toFixed(1)} |`);
}
