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

describe("the shutdown delay", () => {
  it("gives balancers 5 s in production and none otherwise, unless SHUTDOWN_DELAY_MS says", async () => {
    expect((await readEnv({ NODE_ENV: "production" })).shutdownDelayMs).toBe(5000);
    expect((await readEnv({ NODE_ENV: "development" })).shutdownDelayMs).toBe(0);
    expect((await readEnv({ NODE_ENV: "production", SHUTDOWN_DELAY_MS: "0" })).shutdownDelayMs).toBe(0);
    expect((await readEnv({ SHUTDOWN_DELAY_MS: "15000" })).shutdownDelayMs).toBe(15000);
  });
});

describe("the live stream caps", () => {
  it("holds 50 streams per client address and 5000 per process unless configured, and refuses anything but a positive count", async () => {
    expect(await readEnv({})).toMatchObject({ LIVE_STREAMS_PER_ADDRESS: 50, LIVE_STREAMS_PER_PROCESS: 5000 });
    expect(await readEnv({ LIVE_STREAMS_PER_ADDRESS: "4", LIVE_STREAMS_PER_PROCESS: "100" })).toMatchObject({ LIVE_STREAMS_PER_ADDRESS: 4, LIVE_STREAMS_PER_PROCESS: 100 });
    for (const value of ["0", "-1", "2.5", "many"]) {
      await expect(readEnv({ LIVE_STREAMS_PER_ADDRESS: value })).rejects.toThrow(/LIVE_STREAMS_PER_ADDRESS/);
      await expect(readEnv({ LIVE_STREAMS_PER_PROCESS: value })).rejects.toThrow(/LIVE_STREAMS_PER_PROCESS/);
    }
  });
});
