import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { freshPlatformTest as test, TEST_START } from "./test-platform";
import { DEMO_WECHAT, jsapiSignature, nonceStr, signingRefusal } from "./wechat-signature";

/** The documented algorithm, written out independently: sort the four keys, join key=value with '&', SHA-1. */
function referenceSignature(fields: Record<"jsapi_ticket" | "noncestr" | "timestamp" | "url", string>): string {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key as keyof typeof fields]}`)
    .join("&");
  return createHash("sha1").update(text).digest("hex");
}

// The example of the JS-SDK documentation's appendix 1 (附录1), with the results it publishes.
const PUBLISHED = {
  jsapiTicket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
  nonceStr: "Wm3WZYTPz0wzccnW",
  timestamp: 1414587457,
};

describe("jsapiSignature", () => {
  it("matches the examples WeChat publishes", () => {
    expect(jsapiSignature({ ...PUBLISHED, url: "http://mp.weixin.qq.com?params=value" })).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
    expect(jsapiSignature({ ...PUBLISHED, url: "http://mp.weixin.qq.com" })).toBe("f4d90daf4b3bca3078ab155816175ba34c443a7b");
  });

  it("matches the documented algorithm computed independently, with raw (unescaped) values", () => {
    const fields = {
      jsapiTicket: "kgt8ON7yVITDhtdwci0qeRyd3c_demo",
      nonceStr: "a1B2c3D4e5F6g7H8",
      timestamp: 1795000000,
      url: "https://m.example.com/davmu/share/news/doc/2026/11/aBcD1234/index.html?_t=1795000000000&group=要闻",
    };
    const expected = referenceSignature({
      jsapi_ticket: fields.jsapiTicket,
      noncestr: fields.nonceStr,
      timestamp: String(fields.timestamp),
      url: fields.url,
    });
    expect(jsapiSignature(fields)).toBe(expected);
    expect(jsapiSignature({ ...fields, url: fields.url.replace("_t=1795000000000", "_t=1795000000001") })).not.toBe(expected);
  });

  it("makes fresh 16-character nonces of letters and digits", () => {
    const a = nonceStr();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(nonceStr()).not.toBe(a);
  });
});

describe("signingRefusal", () => {
  const safe = ["m.example.com", "localhost:3000"];
  it("signs http(s) pages on a safe domain, with any port when the domain names none", () => {
    expect(signingRefusal("https://m.example.com/davmu/share/", safe)).toBeNull();
    expect(signingRefusal("https://M.Example.com:8443/davmu/share/?a=1", safe)).toBeNull();
    expect(signingRefusal("http://localhost:3000/davmu/share/", safe)).toBeNull();
  });

  it("refuses other hosts, other ports of a host named with one, other schemes, credentials, hashes and non-URLs", () => {
    for (const url of [
      "https://evil.example/davmu/share/",
      "https://m.example.com.evil.example/",
      "http://localhost:4000/davmu/share/",
      "javascript:alert(1)//m.example.com",
      "ftp://m.example.com/",
      "https://user:pw@m.example.com/",
      "https://m.example.com/davmu/share/#top",
      "/davmu/share/",
    ]) {
      expect(signingRefusal(url, safe), url).not.toBeNull();
    }
  });
});

describe("GET /peony/v1/wechat/jssdk_config (getCWXconfig)", () => {
  test("signs a page of a safe domain with the configured ticket, now, and a fresh nonce", async ({ p }) => {
    const url = "http://localhost:3000/davmu/share/news/doc/2026/11/x/index.html?_t=1&from=singlemessage";
    const result = await p.get<{ appId: string; timestamp: number; nonceStr: string; signture: string }>(
      `/peony/v1/wechat/jssdk_config?path=${encodeURIComponent(url)}`,
    );
    expect(result.code).toBe(0);
    const data = result.data!;
    expect(data.appId).toBe(DEMO_WECHAT.appId);
    expect(data.timestamp).toBe(Math.floor(TEST_START.getTime() / 1000));
    expect(data.signture).toBe(
      referenceSignature({ jsapi_ticket: DEMO_WECHAT.jsapiTicket, noncestr: data.nonceStr, timestamp: String(data.timestamp), url }),
    );
  });

  test("answers code 403 for another site's page and 400 without a path", async ({ p }) => {
    const foreign = await p.get(`/peony/v1/wechat/jssdk_config?path=${encodeURIComponent("https://evil.example/")}`);
    expect(foreign).toMatchObject({ code: 403, data: null });
    expect(foreign.message).toContain("安全域名");
    expect(await p.get("/peony/v1/wechat/jssdk_config")).toMatchObject({ code: 400, message: "缺少参数 path" });
  });
});
