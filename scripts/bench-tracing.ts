// Measures what traces cost the site's hooks (app/runtime/tracing.server.ts), off and on: a request's span, a platform
// call's, and the ids a log line looks up; each against the same work without the hook. Traces on send to a local
// OTLP receiver that drops what it gets. Off and on each run in a process of their own (the env is read at import):
//   npx tsx scripts/bench-tracing.ts
import { execFileSync } from "node:child_process";
import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Socket } from "node:net";
import { fileURLToPath } from "node:url";

const ROUNDS = { off: 1_000_000, on: 50_000 };

/** Nanoseconds per call of `work`, the best of three runs of `rounds` calls (after one to warm up). */
async function perCall(rounds: number, work: () => unknown): Promise<number> {
  let best = Infinity;
  for (let run = 0; run < 4; run++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) await work();
    const ns = Number(process.hrtime.bigint() - started) / rounds;
    if (run > 0) best = Math.min(best, ns);
  }
  return best;
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
  const run = (which: "off" | "on", env: NodeJS.ProcessEnv) =>
    JSON.parse(execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), which], { env, encoding: "utf8" })) as Record<
      string,
      number
    >;
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _unset, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _unsetToo, ...without } = process.env;
  const off = run("off", { ...without, LOG_LEVEL: "silent" });
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const on = run("on", { ...without, LOG_LEVEL: "silent", OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" });
  receiver.close();
  console.log(`Node ${process.version}, ns per call, best of three runs\n`);
  console.log("| what | off | on |\n|---|---:|---:|");
  for (const row of Object.keys(off)) console.log(`| ${row} | ${off[row]!.toFixed(1)} | ${on[row]!.toFixed(1)} |`);
}
