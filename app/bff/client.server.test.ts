import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { json, startFakePlatform } from "~/bff/fake-platform.test-support";

let platform: Awaited<ReturnType<typeof startFakePlatform>>;
let client: typeof import("~/bff/client.server");

beforeAll(async () => {
  platform = await startFakePlatform();
  client = await import("~/bff/client.server");
});

afterAll(() => platform.close());

const caller = { token: "user-token", requestId: "req-1" };
const schema = z.object({ n: z.number() });

describe("platformRequest", () => {
  it("resolves with data when the envelope code is 0, and sends query, body and headers", async () => {
    platform.answer((_req, res) => json(res, { code: 0, message: "ok", data: { n: 7 } }));
    const data = await client.platformRequest("/peony/v1/thing", caller, {
      method: "POST",
      query: { page: 2, skip: undefined },
      body: { a: 1 },
      schema,
    });
    expect(data).toEqual({ n: 7 });
    const [request] = platform.seen;
    expect(request.url).toBe("/api/peony/v1/thing?page=2");
    expect(request.method).toBe("POST");
    expect(request.headers.authorization).toBe("user-token");
    expect(request.headers["x-request-id"]).toBe("req-1");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ a: 1 });
  });

  it("throws a code error carrying the platform's message", async () => {
    platform.answer((_req, res) => json(res, { code: 20002, message: "验证码错误", data: null }));
    const error = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.PlatformError);
    expect(error).toMatchObject({ kind: "code", code: 20002, message: "验证码错误" });
  });

  it("maps 10024 to missing content, and 5xx, timeouts and bad payloads to an outage", async () => {
    platform.answer((_req, res) => json(res, { code: 10024, message: "内容不存在", data: null }));
    const missing = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(client.isMissingContent(missing)).toBe(true);
    expect(client.isOutage(missing)).toBe(false);

    platform.answer((_req, res) => json(res, { message: "boom" }, 502));
    const down = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(down).toMatchObject({ kind: "unavailable" });
    expect(client.isOutage(down)).toBe(true);

    platform.answer(() => undefined); // never answers
    const slow = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ kind: "timeout" });

    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { n: "seven" } }));
    const invalid = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ kind: "invalid" });

    platform.answer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>gateway</html>");
    });
    const html = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(html).toMatchObject({ kind: "invalid" });
  });

  it("stops when the visitor's request is aborted", async () => {
    platform.answer(() => undefined);
    const controller = new AbortController();
    const pending = client.platformRequest("/x", { ...caller, signal: controller.signal }, { schema }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(client.PlatformError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("turns failures into HTTP answers: 404 for missing content, 503 for an outage", async () => {
    platform.answer((_req, res) => json(res, { code: 10024, message: "", data: null }));
    const missing = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(() => client.rethrowAsResponse(missing)).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 404 }) }));
    expect(() => client.rethrowAsResponse(new client.PlatformError("timeout", "slow"))).toThrow(
      expect.objectContaining({ init: expect.objectContaining({ status: 503 }) }),
    );
  });
});

describe("platformHeaders", () => {
  it("sends the token, else an empty authorization", () => {
    expect(client.platformHeaders("/a", { token: "t", requestId: "r" }).authorization).toBe("t");
    expect(client.platformHeaders("/a", { token: null, requestId: "r" }).authorization).toBe("");
  });

  it("generates an anonymous request id when the session has none", () => {
    const id = client.platformHeaders("/a", { token: null, requestId: null })["X-Request-Id"];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("omits X-Request-Id for the spec's four URL patterns", () => {
    for (const path of [
      "/law/v1/api/share/question/detail?id=1",
      "/law/v1/api/share/question/answerlist",
      "/peony/v1/picho/v1/open/abc",
      "/circle/v1/api/share/content/detail",
    ]) {
      expect(client.platformHeaders(path, { token: "t", requestId: "r" })).not.toHaveProperty("X-Request-Id");
    }
  });

  it("forwards the visitor's address", () => {
    expect(client.platformHeaders("/a", { token: "t", requestId: "r", clientIp: "203.0.113.9" })["X-Forwarded-For"]).toBe(
      "203.0.113.9",
    );
  });
});
