import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announceWrite } from "../../app/runtime/content-writes.server";
import { logger } from "../../app/runtime/logger.server";
import { metricsRegistry } from "../../app/runtime/metrics.server";
import { startEdgePurges } from "./edge-purge";

type Purge = { method: string; tags: string; purgeKey: string | undefined };

/** An edge that records each request and answers `status`. */
async function fakeEdge(status: number) {
  const purges: Purge[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    purges.push({
      method: req.method ?? "",
      tags: String(req.headers["surrogate-key"]),
      purgeKey: req.headers["x-edge-purge-key"] as string | undefined,
    });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, purges, close: () => server.close() };
}

const failures = async (edge: string) =>
  (await metricsRegistry().getSingleMetric("davmu_share_edge_purge_failures_total")!.get()).values.find((sample) => sample.labels.edge === edge)
    ?.value ?? 0;

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

describe("edge purges", () => {
  // Every process purges when it hears a write (onContentWritten: its own, and the others' through Redis or the cluster
  // channel, which content-writes.server.test.ts covers): here, this process's own.
  it("purge every edge by the write's page tags with the purge key, once per write", async () => {
    const edges = [await fakeEdge(200), await fakeEdge(200)];
    stops.push(...edges.map((edge) => edge.close));
    stops.push(startEdgePurges({ edges: edges.map((edge) => edge.url), purgeKey: "k".repeat(32) }));
    announceWrite({ pages: ["content:abc", "live:7"], answers: ["detail:abc:"] });
    announceWrite({ pages: [], answers: ["comments:abc:"] });
    const purge = { method: "PURGE", tags: "content:abc live:7", purgeKey: "k".repeat(32) };
    await vi.waitFor(() => expect(edges.map((edge) => edge.purges)).toEqual([[purge], [purge]]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(edges.map((edge) => edge.purges)).toEqual([[purge], [purge]]);
  });

  it("log and count a refused purge without failing the write", async () => {
    const edge = await fakeEdge(403);
    stops.push(edge.close);
    const warn = vi.spyOn(logger, "warn");
    const before = await failures(edge.url);
    stops.push(startEdgePurges({ edges: [edge.url], purgeKey: undefined }));
    expect(() => announceWrite({ pages: ["content:refused"], answers: [] })).not.toThrow();
    await vi.waitFor(async () => expect(await failures(edge.url)).toBe(before + 1));
    expect(edge.purges[0]?.purgeKey).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ edge: edge.url, tags: ["content:refused"] }), "edge purge failed");
  });

  it("count an edge that does not answer", async () => {
    const edge = await fakeEdge(200);
    edge.close();
    const before = await failures(edge.url);
    stops.push(startEdgePurges({ edges: [edge.url], purgeKey: undefined }));
    announceWrite({ pages: ["content:down"], answers: [] });
    await vi.waitFor(async () => expect(await failures(edge.url)).toBe(before + 1));
  });

  it("hand a CDN without tags the stored pages' addresses of the write's tags, before they are dropped", async () => {
    const stored: Record<string, string[]> = { "content:abc": ["/davmu/share/news/abc", "/davmu/share/zh-Hant/news/abc"], "live:7": [] };
    const purgeUrls = vi.fn(() => Promise.resolve());
    stops.push(startEdgePurges({ edges: [], purgeKey: undefined, pathsOf: (tag) => stored[tag] ?? [], purgeUrls }));
    announceWrite({ pages: ["content:abc", "live:7"], answers: [] });
    expect(purgeUrls).toHaveBeenCalledWith(["/davmu/share/news/abc", "/davmu/share/zh-Hant/news/abc"]);
    announceWrite({ pages: [], answers: ["comments:abc:"] });
    expect(purgeUrls).toHaveBeenCalledTimes(1);
  });
});
