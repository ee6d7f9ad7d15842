import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { test } from "vitest";
import { createIdCodec } from "../app/lib/ids";
import { createPlatform, type PlatformOptions } from "./app";
import { demoPasswordFor } from "./demo-account";
import { smsOutboxPath } from "./routes/dev";
import type { Envelope } from "./envelope";
import { SEED_FIXTURES } from "./seed";

/** A fixed start time (10:00 in China), so tests that step the clock never cross the daily-limit boundary. */
export const TEST_START = new Date("2026-05-20T02:00:00.000Z");
const SALT = "platform-test-salt";
const MIN_LENGTH = 8;
/** The key that opens the development pages of the test platform, and the demo password it gives. */
export const TEST_DEV_KEY = "platform-test-dev-key";
export const TEST_DEMO_PASSWORD = demoPasswordFor(TEST_DEV_KEY);

export const testIds = createIdCodec({ salt: SALT, minLength: MIN_LENGTH });
/** Tests sign their own preview tokens (expired, for another post) with it. */
export const TEST_PREVIEW_SECRET = "platform-test-preview-secret";

type CallOptions = { token?: string; body?: unknown; rawBody?: string; ip?: string };

/**
 * The platform router mounted at /_platform on an ephemeral port, over a fresh database in the temp folder. The live
 * demo audience is off unless `options` switch it on, so live rooms change only when a test changes them.
 */
export async function startTestPlatform(options: Partial<PlatformOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "platform-test-"));
  let nowMs = TEST_START.getTime();
  const logs: string[] = [];
  const platform = createPlatform({
    dbPath: join(dir, "platform.sqlite"),
    hashidsSalt: SALT,
    hashidsMinLength: MIN_LENGTH,
    log: (line) => logs.push(line),
    now: () => new Date(nowMs),
    devKey: TEST_DEV_KEY,
    previewSecret: TEST_PREVIEW_SECRET,
    liveDemoIntervalMs: 0,
    ...options,
  });
  const app = express();
  app.set("trust proxy", "loopback");
  /** Every request the platform received: its path under /_platform and its X-Request-Id. */
  const received: { path: string; requestId: string | null }[] = [];
  app.use("/_platform", (req, _res, next) => {
    received.push({ path: req.path, requestId: req.get("x-request-id") ?? null });
    next();
  });
  app.use("/_platform", platform.router);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call<T>(method: "GET" | "POST", path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = options.token;
    if (options.ip) headers["x-forwarded-for"] = options.ip;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const response = await fetch(`${origin}/_platform${path}`, { method, headers, body });
    if (response.status !== 200) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return (await response.json()) as Envelope<T>;
  }

  const get = <T = any>(path: string, options?: CallOptions) => call<T>("GET", path, options);
  const post = <T = any>(path: string, options?: CallOptions) => call<T>("POST", path, options);

  async function anonymousToken(): Promise<string> {
    const result = await post<{ token: string }>("/peony/v1/auth", { body: { appid: 1, platform: "mobile" } });
    if (!result.data) throw new Error(result.message);
    return result.data.token;
  }

  /** The newest code sent to a phone, read from the development outbox. */
  async function latestCode(tel: string): Promise<string> {
    const result = await get<{ list: { code: string }[] }>(`${smsOutboxPath(TEST_DEV_KEY)}&tel=${tel}`);
    const code = result.data?.list[0]?.code;
    if (!code) throw new Error(`no code for ${tel}`);
    return code;
  }

  async function loginWithCode(tel: string, ip?: string): Promise<{ token: string; user_id: string }> {
    const anonymous = await anonymousToken();
    const sent = await get(`/peony/v1/vcode?tel=${tel}&type=6`, { token: anonymous, ip });
    if (sent.code !== 0) throw new Error(sent.message);
    const result = await post<{ token: string; user_id: string }>("/peony/v1/auth", {
      body: { appid: 1, platform: "mobile", account: tel, device_id: "test-device", verify_code: await latestCode(tel) },
    });
    if (!result.data) throw new Error(result.message);
    return result.data;
  }

  async function loginDemo(): Promise<{ token: string; user_id: string }> {
    const result = await post<{ token: string; user_id: string }>("/peony/v1/auth", {
      body: { appid: 1, platform: "mobile", account: SEED_FIXTURES.demoPhone, device_id: "test-device", password: TEST_DEMO_PASSWORD },
    });
    if (!result.data) throw new Error(result.message);
    return result.data;
  }

  return {
    origin,
    logs,
    received,
    get,
    post,
    anonymousToken,
    latestCode,
    loginWithCode,
    loginDemo,
    draftPreviews: () => platform.draftPreviews(),
    closeLiveStreams: () => platform.closeLiveStreams(),
    now: () => new Date(nowMs),
    advance(ms: number) {
      nowMs += ms;
    },
    async close() {
      platform.closeLiveStreams();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      platform.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

type PlatformFixtures = { p: TestPlatform; token: string; demo: { token: string; user_id: string } };

function platformFixtures(scope: "file" | "test") {
  return test.extend<PlatformFixtures>({
    p: [
      async ({}, use) => {
        const platform = await startTestPlatform();
        await use(platform);
        await platform.close();
      },
      { scope },
    ],
    token: [async ({ p }, use) => use(await p.anonymousToken()), { scope }],
    demo: [async ({ p }, use) => use(await p.loginDemo()), { scope }],
  });
}

/** Tests over one test platform for the file (`p`), with an anonymous token (`token`) and the demo account logged in (`demo`). */
export const platformTest = platformFixtures("file");
/** The same, over a platform of its own for each test: for tests that need its clock or its counts from the start. */
export const freshPlatformTest = platformFixtures("test");
