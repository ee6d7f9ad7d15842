import { afterEach, describe, expect, it, vi } from "vitest";

/** The environment is read once, at import: each case imports a fresh module under its own variables. */
async function readEnv(variables: Record<string, string>) {
  vi.resetModules();
  vi.unstubAllEnvs();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  return (await import("~/runtime/env.server")).env;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the app's launch configuration", () => {
  it("has working demo values, with no universal link or App Linking unless configured", async () => {
    expect((await readEnv({})).appLaunch).toEqual({
      scheme: "davmu",
      universalLink: "",
      androidPackage: "com.davmu.news",
      iosAppStoreId: "1234567890",
      harmonyAppLink: "",
    });
  });

  it("takes the app's own values", async () => {
    const env = await readEnv({
      APP_SCHEME: "newsapp",
      APP_UNIVERSAL_LINK: "https://link.example.com/open",
      APP_ANDROID_PACKAGE: "com.example.news",
      APP_IOS_APP_STORE_ID: "987654321",
      APP_HARMONY_APP_LINK: "https://link.example.com/harmony",
    });
    expect(env.appLaunch).toEqual({
      scheme: "newsapp",
      universalLink: "https://link.example.com/open",
      androidPackage: "com.example.news",
      iosAppStoreId: "987654321",
      harmonyAppLink: "https://link.example.com/harmony",
    });
  });

  it.each([
    [{ APP_SCHEME: "davmu://" }, "APP_SCHEME"],
    [{ APP_UNIVERSAL_LINK: "http://link.example.com/open" }, "APP_UNIVERSAL_LINK"],
    [{ APP_UNIVERSAL_LINK: "https://link.example.com/open#x" }, "APP_UNIVERSAL_LINK"],
    [{ APP_ANDROID_PACKAGE: "news;end" }, "APP_ANDROID_PACKAGE"],
    [{ APP_IOS_APP_STORE_ID: "id123" }, "APP_IOS_APP_STORE_ID"],
    [{ APP_HARMONY_APP_LINK: "javascript:alert(1)" }, "APP_HARMONY_APP_LINK"],
  ])("refuses %j, naming %s", async (variables, name) => {
    await expect(readEnv(variables)).rejects.toThrow(name);
  });

  it("refuses an app link on the site's own host, which a phone never hands to the app", async () => {
    await expect(readEnv({ PUBLIC_ORIGIN: "https://m.example.com", APP_UNIVERSAL_LINK: "https://m.example.com/open" })).rejects.toThrow(
      /APP_UNIVERSAL_LINK: must be on another host/,
    );
    await expect(readEnv({ PUBLIC_ORIGIN: "https://m.example.com", APP_HARMONY_APP_LINK: "https://m.example.com/h" })).rejects.toThrow(
      /APP_HARMONY_APP_LINK/,
    );
  });
});

describe("the parents that may frame the pages (FRAME_PARENT_ORIGINS)", () => {
  it("is none but the site's own unless configured", async () => {
    expect((await readEnv({})).FRAME_PARENT_ORIGINS).toEqual([]);
  });

  it("takes a comma-separated list of origins", async () => {
    const env = await readEnv({ FRAME_PARENT_ORIGINS: "https://news.example.com, http://localhost:8080/ ,https://b.example.com:8443" });
    expect(env.FRAME_PARENT_ORIGINS).toEqual(["https://news.example.com", "http://localhost:8080", "https://b.example.com:8443"]);
  });

  it.each(["*", "https://news.example.com,*", "news.example.com", "https://news.example.com/page", "javascript:alert(1)", "ftp://news.example.com"])(
    "refuses %j",
    async (value) => {
      await expect(readEnv({ FRAME_PARENT_ORIGINS: value })).rejects.toThrow("FRAME_PARENT_ORIGINS");
    },
  );
});

const DEMO = { DEMO_PLATFORM: "1" };
/** A production process in front of a real platform, with everything it needs. */
const REAL = {
  NODE_ENV: "production",
  PLATFORM_API_URL: "https://api.example.com",
  SESSION_SECRET: "a-secret-of-the-deployment",
  PUBLIC_ORIGIN: "https://m.example.com",
};

describe("what production refuses to start without (one line naming the variable)", () => {
  /** The message readEnv throws under `variables`, which must be one line. */
  async function refusal(variables: Record<string, string>): Promise<string> {
    const error = await readEnv(variables).then(
      () => null,
      (thrown: Error) => thrown,
    );
    expect(error, "refused").not.toBeNull();
    expect(error!.message).not.toContain("\n");
    return error!.message;
  }

  it("runs the embedded platform only with DEMO_PLATFORM=1", async () => {
    expect(await refusal({ NODE_ENV: "production" })).toMatch(/^Invalid environment: DEMO_PLATFORM: /);
    expect((await readEnv({ NODE_ENV: "production", ...DEMO })).embeddedPlatform).toBe(true);
    // Development and tests run the demo without asking.
    expect((await readEnv({ NODE_ENV: "development" })).embeddedPlatform).toBe(true);
  });

  it("counts a cluster worker that reaches the primary's embedded platform as the demo", async () => {
    const worker = { NODE_ENV: "production", PLATFORM_API_URL: "http://127.0.0.1:4100", EMBEDDED_PLATFORM_URL: "http://127.0.0.1:4100" };
    expect(await refusal(worker)).toContain("DEMO_PLATFORM:");
    expect((await readEnv({ ...worker, ...DEMO })).embeddedPlatform).toBe(false);
  });

  it("needs SESSION_SECRET and PUBLIC_ORIGIN in front of a real platform", async () => {
    expect((await readEnv(REAL)).sessionSecrets).toEqual(["a-secret-of-the-deployment"]);
    const { SESSION_SECRET: _secret, ...withoutSecret } = REAL;
    expect(await refusal(withoutSecret)).toMatch(/^Invalid environment: SESSION_SECRET: /);
    const { PUBLIC_ORIGIN: _origin, ...withoutOrigin } = REAL;
    expect(await refusal(withoutOrigin)).toMatch(/^Invalid environment: PUBLIC_ORIGIN: /);
    // DEMO_PLATFORM only allows the demo: it is no excuse for a real platform's settings.
    expect(await refusal({ ...withoutOrigin, ...DEMO })).toContain("PUBLIC_ORIGIN:");
  });

  it("needs METRICS_TOKEN for an internal listener off loopback", async () => {
    expect(await refusal({ ...REAL, METRICS_HOST: "0.0.0.0" })).toMatch(/^Invalid environment: METRICS_TOKEN: /);
    expect(await refusal({ ...REAL, METRICS_HOST: "10.0.0.5" })).toContain("METRICS_TOKEN:");
    expect((await readEnv({ ...REAL, METRICS_HOST: "0.0.0.0", METRICS_TOKEN: "a-scrape-token-0123" })).METRICS_TOKEN).toBe("a-scrape-token-0123");
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "localhost"]) await expect(readEnv({ ...REAL, METRICS_HOST: host })).resolves.toBeTruthy();
    await expect(readEnv({ ...REAL, METRICS_HOST: "0.0.0.0", METRICS_PORT: "0" })).resolves.toBeTruthy();
    await expect(readEnv({ NODE_ENV: "development", METRICS_HOST: "0.0.0.0" })).resolves.toBeTruthy();
  });

  it("refuses a METRICS_TOKEN too short to be a secret", async () => {
    await expect(readEnv({ METRICS_TOKEN: "short" })).rejects.toThrow("METRICS_TOKEN");
  });
});

describe("SESSION_SECRET", () => {
  it("is a comma-separated list whose first secret signs", async () => {
    expect((await readEnv({ SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" })).sessionSecrets).toEqual([
      "new-secret-0123456789",
      "old-secret-0123456789",
    ]);
  });

  it("is one random secret per process when unset (allowed for the demo, refused in front of a real platform)", async () => {
    const env = await readEnv({});
    expect(env.sessionSecrets).toHaveLength(1);
    expect(env.sessionSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(env.sessionSecretIsEphemeral).toBe(true);
  });

  it.each(["too-short", "new-secret-0123456789,too-short", " , "])("refuses %j: every secret has 16+ characters", async (value) => {
    await expect(readEnv({ SESSION_SECRET: value })).rejects.toThrow("SESSION_SECRET");
  });
});

describe("the shutdown delay", () => {
  it("gives balancers 5 s in production and none otherwise, unless SHUTDOWN_DELAY_MS says", async () => {
    expect((await readEnv({ ...DEMO, NODE_ENV: "production" })).shutdownDelayMs).toBe(5000);
    expect((await readEnv({ NODE_ENV: "development" })).shutdownDelayMs).toBe(0);
    expect((await readEnv({ ...DEMO, NODE_ENV: "production", SHUTDOWN_DELAY_MS: "0" })).shutdownDelayMs).toBe(0);
    expect((await readEnv({ SHUTDOWN_DELAY_MS: "15000" })).shutdownDelayMs).toBe(15000);
  });
});

describe("the key replicas sign their messages with (REPLICA_KEY)", () => {
  const redis = { REDIS_URL: "redis://127.0.0.1:6379" };

  it("must be set in production when REDIS_URL is, and the refusal names it", async () => {
    await expect(readEnv({ ...DEMO, NODE_ENV: "production", ...redis })).rejects.toThrow(
      /^Invalid environment: REPLICA_KEY: must be set with REDIS_URL/,
    );
    await expect(readEnv({ ...DEMO, NODE_ENV: "production", ...redis, REPLICA_KEY: "too-short" })).rejects.toThrow("REPLICA_KEY");
    expect((await readEnv({ ...DEMO, NODE_ENV: "production", ...redis, REPLICA_KEY: "k".repeat(32) })).replicaKey).toBe("k".repeat(32));
  });

  it("is not needed without Redis, nor outside production, where every process has the same development key", async () => {
    expect((await readEnv({ ...DEMO, NODE_ENV: "production" })).REPLICA_KEY).toBeUndefined();
    const development = await readEnv(redis);
    expect(development.replicaKey).toBe((await readEnv(redis)).replicaKey);
    expect(development.replicaKey.length).toBeGreaterThanOrEqual(32);
  });
});

describe("the edges' purges (EDGE_PURGE_URLS, EDGE_PURGE_KEY)", () => {
  const edges = { EDGE_PURGE_URLS: "http://10.0.0.5:8080, http://10.0.0.6:8080/" };

  it("need a key in production, and the refusal names it", async () => {
    await expect(readEnv({ ...DEMO, NODE_ENV: "production", ...edges })).rejects.toThrow(/^Invalid environment: EDGE_PURGE_KEY: required/);
    await expect(readEnv({ ...DEMO, NODE_ENV: "production", ...edges, EDGE_PURGE_KEY: "short" })).rejects.toThrow("EDGE_PURGE_KEY");
    const production = await readEnv({ ...DEMO, NODE_ENV: "production", ...edges, EDGE_PURGE_KEY: "k".repeat(32) });
    expect(production.EDGE_PURGE_URLS).toEqual(["http://10.0.0.5:8080", "http://10.0.0.6:8080/"]);
  });

  it("are URLs, none by default, and go by address alone outside production", async () => {
    expect((await readEnv({ ...DEMO, NODE_ENV: "production" })).EDGE_PURGE_URLS).toEqual([]);
    expect((await readEnv(edges)).EDGE_PURGE_KEY).toBeUndefined();
    await expect(readEnv({ EDGE_PURGE_URLS: "10.0.0.5:8080" })).rejects.toThrow("EDGE_PURGE_URLS");
  });
});

describe("the write limits", () => {
  it("are per account and per address, a minute each", async () => {
    const env = await readEnv({});
    expect([env.WRITE_RATE_LIMIT_PER_MINUTE, env.WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE]).toEqual([20, 120]);
    await expect(readEnv({ WRITE_RATE_LIMIT_PER_MINUTE: "0" })).rejects.toThrow("WRITE_RATE_LIMIT_PER_MINUTE");
  });
});

describe("the live stream caps", () => {
  it("holds 50 streams per client address and 5000 per process unless configured, and refuses anything but a positive count", async () => {
    expect(await readEnv({})).toMatchObject({ LIVE_STREAMS_PER_ADDRESS: 50, LIVE_STREAMS_PER_PROCESS: 5000 });
    expect(await readEnv({ LIVE_STREAMS_PER_ADDRESS: "4", LIVE_STREAMS_PER_PROCESS: "100" })).toMatchObject({
      LIVE_STREAMS_PER_ADDRESS: 4,
      LIVE_STREAMS_PER_PROCESS: 100,
    });
    for (const value of ["0", "-1", "2.5", "many"]) {
      await expect(readEnv({ LIVE_STREAMS_PER_ADDRESS: value })).rejects.toThrow(/LIVE_STREAMS_PER_ADDRESS/);
      await expect(readEnv({ LIVE_STREAMS_PER_PROCESS: value })).rejects.toThrow(/LIVE_STREAMS_PER_PROCESS/);
    }
  });
});
