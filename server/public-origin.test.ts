import { describe, expect, it } from "vitest";
import { knownHosts } from "./public-origin";

describe("knownHosts", () => {
  it("takes the configured hosts and the host of PUBLIC_ORIGIN, with and without its default port", () => {
    const hosts = knownHosts({ allowedHosts: " M.Example.com , m2.example.com:8443,", publicOrigin: "https://share.example.cn", host: "127.0.0.1", port: 3000 });
    expect([...hosts].sort()).toEqual(["127.0.0.1:3000", "localhost:3000", "m.example.com", "m2.example.com:8443", "share.example.cn", "share.example.cn:443"]);
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
