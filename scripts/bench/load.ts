/** The throughput rows' load: autocannon at LOAD.connections, a discarded warm-up, then the measured run. */
import autocannon from "autocannon";
import { LOAD } from "./constants";
import { cpuMilliseconds } from "./processes";

/**
 * `cpuPerAnswer`: the server's CPU time (ms) per answer of the measured run, when its pid was given;
 * `platformCpuPerAnswer` the same of a platform running in its own process.
 */
export type LoadResult = { rps: number; p50: number; p99: number; cpuPerAnswer?: number; platformCpuPerAnswer?: number };
/** The processes whose CPU time a measurement divides by its answers. */
export type Measured = { server: number; platform?: number };
type Requests = Parameters<typeof autocannon>[0]["requests"];

async function run(url: string, headers: Record<string, string>, seconds: number, requests?: Requests) {
  const result = await autocannon({ url, headers, connections: LOAD.connections, duration: seconds, ...(requests && { requests }) });
  // A revalidation answered 304 is a success.
  const notModified = result.statusCodeStats?.["304"]?.count ?? 0;
  const failures = result.non2xx - notModified + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`);
  return result;
}

export async function measureLoad(url: string, headers: Record<string, string>, requests?: Requests, measured?: Measured): Promise<LoadResult> {
  await run(url, headers, LOAD.warmupSeconds, requests);
  const cpu = (pid: number | undefined) => (pid === undefined ? Promise.resolve(0) : cpuMilliseconds(pid));
  const before = await Promise.all([cpu(measured?.server), cpu(measured?.platform)]);
  const result = await run(url, headers, LOAD.measureSeconds, requests);
  const after = await Promise.all([cpu(measured?.server), cpu(measured?.platform)]);
  const perAnswer = (pid: number | undefined, index: number) =>
    pid === undefined ? undefined : (after[index]! - before[index]!) / result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerAnswer: perAnswer(measured?.server, 0),
    platformCpuPerAnswer: perAnswer(measured?.platform, 1),
  };
}
