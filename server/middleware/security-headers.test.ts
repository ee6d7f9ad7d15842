import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonce, securityHeaders } from "./security-headers";

const servers: Server[] = [];

/** A host with the security headers of `frameParents`, answering every path; its base URL. */
async function hostWith(frameParents?: string[]): Promise<string> {
  const app = express();
  app.use(cspNonce, securityHeaders({ development: false, frameParents }));
  app.get("*", (_req, res) => {
    res.send("page");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const frameAncestors = (response: Response) => /frame-ancestors ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

let own: string;
let embedded: string;
beforeAll(async () => {
  own = await hostWith();
  embedded = await hostWith(["https://news.example.com", "http://localhost:8080"]);
});

afterAll(() => servers.forEach((server) => server.close()));

describe("who may frame the pages", () => {
  it("is the site itself unless parents are configured, in CSP and X-Frame-Options alike", async () => {
    const response = await fetch(`${own}/davmu/share/`);
    expect(frameAncestors(response)).toBe("'self'");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("adds the configured parents to frame-ancestors, and drops X-Frame-Options, which cannot name them", async () => {
    const response = await fetch(`${embedded}/davmu/share/`);
    expect(frameAncestors(response)).toBe("'self' https://news.example.com http://localhost:8080");
    expect(response.headers.get("x-frame-options")).toBeNull();
  });
});
