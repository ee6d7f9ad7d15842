import { describe, expect, it } from "vitest";
import { z } from "zod";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";

// A cold first fetch takes hundreds of milliseconds on a busy machine: too close to a 300 ms timeout.
const test = fakePlatformTest({ client: () => import("~/bff/client.server") }, { timeoutMs: 1000 });

const caller = { token: "user-token", requestId: "req-1" };
const schema = z.object({ n: z.number() });

describe("platformRequest", () => {
  test("resolves with data when the envelope code is 0, and sends query, body and headers", async ({ platform, client }) => {
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

  test("throws a code error carrying the platform's message", async ({ platform, client }) => {
    platform.answer((_req, res) => json(res, { code: 20002, message: "验证码错误", data: null }));
    const error = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.PlatformError);
    expect(error).toMatchObject({ kind: "code", code: 20002, message: "验证码错误" });
  });

  test("maps 10024 to missing content, and 5xx, timeouts and bad payloads to an outage", async ({ platform, client }) => {
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

  test("stops when the visitor's request is aborted", async ({ platform, client }) => {
    platform.answer(() => undefined);
    const controller = new AbortController();
    const pending = client.platformRequest("/x", { ...caller, signal: controller.signal }, { schema }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(client.PlatformError);
    expect((error as Error).name).toBe("AbortError");
  });

  test("turns failures into HTTP answers: 404 for missing content, 503 for an outage", async ({ platform, client }) => {
    platform.answer((_req, res) => json(res, { code: 10024, message: "", data: null }));
    const missing = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(() => client.rethrowAsResponse(missing)).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 404 }) }));
    expect(() => client.rethrowAsResponse(new client.PlatformError("timeout", "slow"))).toThrow(
      expect.objectContaining({ init: expect.objectContaining({ status: 503 }) }),
    );
  });
});

describe("a page rendered while a call failed", () => {
  test("is marked incomplete by an outage, not by a refusal or a success", async ({ platform, client }) => {
    const incomplete = async () => {
      const record = { tags: new Set<string>(), incomplete: false, staleKeys: new Set<string>() };
      await client.platformRequest("/x", { ...caller, record }, { schema }).catch(() => null);
      return record.incomplete;
    };
    platform.answer((_req, res) => json(res, { code: 0, message: "ok", data: { n: 1 } }));
    expect(await incomplete()).toBe(false);
    platform.answer((_req, res) => json(res, { code: 20002, message: "验证码错误", data: null }));
    expect(await incomplete()).toBe(false);
    platform.answer((_req, res) => json(res, { code: 0, data: null }, 502));
    expect(await incomplete()).toBe(true);
  });
});

describe("what the platform answers is not trusted", () => {
  test.for([500, 401, 429, 10001])("a page's main content with code %i is the friendly 503", async (code, { platform, client }) => {
    platform.answer((_req, res) => json(res, { code, message: "服务异常", data: null }));
    const error = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(() => client.rethrowAsResponse(error)).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 503 }) }));
  });

  test.for([10024, 404, 400])(
    "code %i (missing content, or parameters of the visitor's address refused) is a 404",
    async (code, { platform, client }) => {
      platform.answer((_req, res) => json(res, { code, message: "", data: null }));
      const error = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
      expect(() => client.rethrowAsResponse(error)).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 404 }) }));
    },
  );

  test("refuses an answer whose declared length is past the default cap", async ({ platform, client }) => {
    const size = 3 * 1024 * 1024;
    platform.answer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": size });
      streamUntilClosed(res, size, () => undefined);
    });
    const error = await client.platformRequest("/x", caller, { schema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid", message: expect.stringContaining("over 2097152 bytes") });
    expect(() => client.rethrowAsResponse(error)).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 503 }) }));
  });

  test("counts an undeclared (chunked) answer as it streams and aborts past the per-call cap", async ({ platform, client }) => {
    const size = 20 * 1024 * 1024;
    const closed = new Promise<number>((resolve) => {
      platform.answer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        streamUntilClosed(res, size, resolve);
      });
    });
    const error = await client.platformRequest("/x", caller, { schema, maxBytes: 256 * 1024 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid", message: expect.stringContaining("over 262144 bytes") });
    // The platform saw the connection go long before it had sent everything.
    expect(await closed).toBeLessThan(size);
  });

  test("answers a normal call while a huge one streams in and is refused", async ({ platform, client }) => {
    const size = 20 * 1024 * 1024;
    platform.answer((req, res) => {
      if (req.url?.endsWith("/huge")) {
        res.writeHead(200, { "content-type": "application/json" });
        streamUntilClosed(res, size, () => undefined);
      } else {
        json(res, { code: 0, message: "", data: { n: 1 } });
      }
    });
    const order: string[] = [];
    const huge = client.platformRequest("/huge", caller, { schema }).then(
      () => order.push("huge answered"),
      () => order.push("huge refused"),
    );
    const normal = client.platformRequest("/normal", caller, { schema }).then((data) => order.push(`normal ${data.n}`));
    await Promise.all([huge, normal]);
    expect(order).toContain("normal 1");
    expect(order).toContain("huge refused");
  });
});

/** Writes `total` bytes of a JSON-looking string as fast as the client reads; reports how much went out. */
function streamUntilClosed(res: import("node:http").ServerResponse, total: number, report: (written: number) => void) {
  const chunk = Buffer.alloc(64 * 1024, "a");
  let written = 0;
  res.on("close", () => report(written));
  const pump = () => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (written >= total) res.end();
  };
  pump();
}

describe("platformHeaders", () => {
  test("sends the token, else an empty authorization", ({ client }) => {
    expect(client.platformHeaders("/a", { token: "t", requestId: "r" }).authorization).toBe("t");
    expect(client.platformHeaders("/a", { token: null, requestId: "r" }).authorization).toBe("");
  });

  test("generates an anonymous request id when the session has none", ({ client }) => {
    const id = client.platformHeaders("/a", { token: null, requestId: null })["X-Request-Id"];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  test("omits X-Request-Id for the spec's four URL patterns", ({ client }) => {
    for (const path of [
      "/law/v1/api/share/question/detail?id=1",
      "/law/v1/api/share/question/answerlist",
      "/peony/v1/picho/v1/open/abc",
      "/circle/v1/api/share/content/detail",
    ]) {
      expect(client.platformHeaders(path, { token: "t", requestId: "r" })).not.toHaveProperty("X-Request-Id");
    }
  });

  test("forwards the visitor's address", ({ client }) => {
    expect(client.platformHeaders("/a", { token: "t", requestId: "r", clientIp: "203.0.113.9" })["X-Forwarded-For"]).toBe("203.0.113.9");
  });
});

describe("one budget per request", () => {
  test("spends one deadline across sequential calls: a call after it has passed never reaches the platform", async ({ platform, client }) => {
    platform.answer(() => undefined); // never answers
    const request = { ...caller, deadline: Date.now() + 400 };
    const first = await client.platformRequest("/budget/first", request, { schema }).catch((e: unknown) => e);
    expect(first).toMatchObject({ kind: "timeout" });
    const second = await client.platformRequest("/budget/second", request, { schema }).catch((e: unknown) => e);
    expect(second).toMatchObject({ kind: "timeout" });
    expect(platform.seen.map((seen) => seen.url)).toEqual(["/api/budget/first"]);
  });

  test("gives a side part a share of what is left, and a shared call keeps the deadline but not the visitor's signal", ({ client }) => {
    const deadline = Date.now() + 1000;
    const side = client.sidePart({ ...caller, deadline, signal: new AbortController().signal });
    expect(side.deadline).toBeLessThan(deadline);
    expect(side.deadline).toBeGreaterThan(Date.now());
    const shared = client.detached(side);
    expect(shared.deadline).toBe(side.deadline);
    expect(shared.signal).toBeUndefined();
  });
});

describe("circuit breaker of an upstream service", () => {
  test("opens after PLATFORM_BREAKER_FAILURES outages in a row; then calls fail fast as an outage, without reaching it", async ({
    platform,
    client,
  }) => {
    platform.answer((_req, res) => json(res, { code: 0, data: null }, 503));
    for (let i = 0; i < 5; i++) await client.platformRequest("/breaker/v1/x", caller, { schema }).catch(() => undefined);
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { n: 1 } }));
    const error = await client.platformRequest("/breaker/v1/x", caller, { schema }).catch((e: unknown) => e);
    expect(client.isOutage(error)).toBe(true);
    expect(error).toMatchObject({ kind: "unavailable", message: "circuit open for breaker: /breaker/v1/x" });
    expect(platform.seen).toHaveLength(0);
    expect(client.breakerStates()).toMatchObject({ breaker: "open" });
    // Another upstream service is not held back by it.
    await expect(client.platformRequest("/other/v1/x", caller, { schema })).resolves.toEqual({ n: 1 });
  });

  test("does not hold a side part's timeouts against the platform: the site gave up at its share, the platform was only slow", async ({
    platform,
    client,
  }) => {
    platform.answer(() => undefined); // answers later than any side part waits
    for (let i = 0; i < 8; i++) {
      const side = client.sidePart({ ...caller, deadline: Date.now() + 200 });
      expect(await client.platformRequest("/slow/v1/side", side, { schema }).catch((e: unknown) => e)).toMatchObject({ kind: "timeout" });
    }
    expect(platform.seen).toHaveLength(8);
    expect(client.breakerStates()).toMatchObject({ slow: "closed" });
    // The main content still reaches the platform.
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { n: 2 } }));
    await expect(client.platformRequest("/slow/v1/main", caller, { schema })).resolves.toEqual({ n: 2 });
  });

  test("holds a side part's outages (5xx, refused connections) against the platform, and never lets a side part be the probe", async ({
    platform,
    client,
  }) => {
    platform.answer((_req, res) => json(res, { code: 0, data: null }, 503));
    for (let i = 0; i < 5; i++) await client.platformRequest("/sideout/v1/x", client.sidePart(caller), { schema }).catch(() => undefined);
    expect(client.breakerStates()).toMatchObject({ sideout: "open" });
  });

  test("does not count the platform's refusals (envelope codes) as outages", async ({ platform, client }) => {
    platform.answer((_req, res) => json(res, { code: 10024, message: "内容不存在", data: null }));
    for (let i = 0; i < 8; i++) await client.platformRequest("/refusals/v1/x", caller, { schema }).catch(() => undefined);
    expect(platform.seen).toHaveLength(8);
    expect(client.breakerStates()).toMatchObject({ refusals: "closed" });
  });
});

describe("each call's log line", () => {
  test("names the service and the path's pattern, never its ids, with the status, time, attempt and breaker, under the request's id", async ({
    platform,
    client,
  }) => {
    // Imported here: the logger reads the environment, which the fake platform sets first.
    const { captureLog } = await import("~/runtime/logger.test-support");
    const { withRequestId } = await import("~/runtime/logger.server");
    const { lines } = captureLog("debug");
    platform.answer((_req, res) => json(res, { code: 0, message: "ok", data: { n: 1 } }));
    await withRequestId("request-log-1", async () => {
      await client.platformRequest("/peony/v1/content/48213?page=2", caller, { schema });
      await client.platformRequest("/peony/v1/content/48213?page=2", caller, { schema });
    });
    platform.answer((_req, res) => json(res, { code: 0, data: null }, 502));
    await withRequestId("request-log-2", () =>
      client.platformRequest(`/logged/v1/mp/follow/${encodeURIComponent("新闻")}`, caller, { schema }),
    ).catch(() => null);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "debug",
        msg: "upstream call",
        requestId: "request-log-1",
        service: "peony",
        method: "GET",
        path: "/peony/v1/content/:id",
        status: 200,
        attempt: 1,
        breaker: "closed",
        ms: expect.any(Number),
      }),
      expect.objectContaining({ requestId: "request-log-1", path: "/peony/v1/content/:id", attempt: 2 }),
      expect.objectContaining({
        level: "warn",
        msg: "upstream call failed",
        requestId: "request-log-2",
        service: "logged",
        path: "/logged/v1/mp/follow/:id",
        status: 502,
        attempt: 1,
        failure: "unavailable",
        reason: "platform answered 502: /logged/v1/mp/follow/:id",
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/48213|page=2|%E6/);
  });
});

describe("pathPattern", () => {
  it.each([
    ["/peony/v1/content/48213/related", "/peony/v1/content/:id/related"],
    ["/peony/v3/content/article/AbC12xYz/user_related", "/peony/v3/content/article/:id/user_related"],
    [`/dimim/v1/topic/${encodeURIComponent("两会")}`, "/dimim/v1/topic/:id"],
    ["/peony/v1/wechat/jssdk_config?url=https%3A%2F%2Fm.example.com", "/peony/v1/wechat/jssdk_config"],
    ["/peony/v1/search/hot-words", "/peony/v1/search/hot-words"],
  ])("%s → %s", async (path, pattern) => {
    const { pathPattern } = await import("~/bff/upstream-log.server");
    expect(pathPattern(path)).toBe(pattern);
  });
});
