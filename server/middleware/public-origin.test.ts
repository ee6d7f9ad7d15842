import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { knownHosts, publicOrigin } from "./public-origin";
import { sendRaw } from "./raw-http.test-support";

/** The origin `options` give a request with `headers`, sent over loopback (a trusted proxy by default). */
async function originFor(options: Parameters<typeof publicOrigin>[0], headers: string): Promise<string> {
  const originOf = publicOrigin(options);
  const app = express().set("trust proxy", "loopback");
  app.get("/", (req, res) => void res.send(originOf(req)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return (await sendRaw((server.address() as AddressInfo).port, `GET / HTTP/1.1\r\n${headers}`)).body;
  } finally {
    server.close();
  }
}

describe("publicOrigin", () => {
  const forged = "Host: 10.0.0.5:3000\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\n";

  it("is PUBLIC_ORIGIN when configured, whatever the request names", async () => {
    expect(await originFor({ configured: "https://m.example.com", production: true, port: 3000 }, forged)).toBe("https://m.example.com");
  });

  it("never comes from Host or X-Forwarded-Host in production: without PUBLIC_ORIGIN it is localhost on the port", async () => {
    expect(await originFor({ configured: undefined, production: true, port: 3000 }, forged)).toBe("http://localhost:3000");
  });

  it("is what the request says in development (X-Forwarded-* from a trusted proxy)", async () => {
    expect(await originFor({ configured: undefined, production: false, port: 3000 }, forged)).toBe("https://evil.example");
    expect(await originFor({ configured: undefined, production: false, port: 3000 }, "Host: 192.168.1.5:3000\r\n")).toBe("http://192.168.1.5:3000");
  });
});

describe("knownHosts", () => {
  it("takes the configured hosts and the host of PUBLIC_ORIGIN, with and without its default port", () => {
    const hosts = knownHosts({
      allowedHosts: " M.Example.com , m2.example.com:8443,",
      publicOrigin: "https://share.example.cn",
      host: "127.0.0.1",
      port: 3000,
    });
    expect([...hosts].sort()).toEqual([
      "127.0.0.1:3000",
      "localhost:3000",
      "m.example.com",
      "m2.example.com:8443",
      "share.example.cn",
      "share.example.cn:443",
    ]);
  });

  it("defaults to the listening address, every interface's when bound to all", () => {
    expect([...knownHosts({ host: "127.0.0.1", port: 3301 })].sort()).toEqual(["127.0.0.1:3301", "localhost:3301"]);
    const all = knownHosts({ host: "0.0.0.0", port: 3000 });
    expect(all).toContain("localhost:3000");
    expect(all).toContain("127.0.0.1:3000");
    expect(all).not.toContain("localhost");
  });

  it("accepts a bare name only where the port is 80", () => {
    expect(knownHosts({ host: "127.0.0.1", port: 80 })).toContain("localhost");
  });
});
