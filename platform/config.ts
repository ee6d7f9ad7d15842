import { randomBytes } from "node:crypto";
import { resolve } from "node:path";

/** Settings of the standalone platform (`npm run platform`, `npm run platform:reset`), read from the environment. */
export function readStandaloneConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 4100);
  const minLength = Number(env.HASHIDS_MIN_LENGTH ?? 8);
  const liveDemoIntervalMs = Number(env.PLATFORM_LIVE_DEMO_INTERVAL_MS ?? 4000);
  const liveUpcomingDelaySeconds = Number(env.PLATFORM_LIVE_UPCOMING_DELAY_S ?? 180);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  if (!Number.isInteger(minLength) || minLength < 0) throw new Error(`HASHIDS_MIN_LENGTH must be a whole number, got ${env.HASHIDS_MIN_LENGTH}`);
  if (!Number.isInteger(liveDemoIntervalMs) || liveDemoIntervalMs < 0) {
    throw new Error(
      `PLATFORM_LIVE_DEMO_INTERVAL_MS must be a whole number of milliseconds (0: no demo audience), got ${env.PLATFORM_LIVE_DEMO_INTERVAL_MS}`,
    );
  }
  if (!Number.isInteger(liveUpcomingDelaySeconds) || liveUpcomingDelaySeconds < 0) {
    throw new Error(`PLATFORM_LIVE_UPCOMING_DELAY_S must be a whole number of seconds, got ${env.PLATFORM_LIVE_UPCOMING_DELAY_S}`);
  }
  return {
    port,
    dbPath: resolve(env.PLATFORM_DB_PATH ?? "./data/platform.sqlite"),
    hashidsSalt: env.HASHIDS_SALT ?? "davmu-share",
    hashidsMinLength: minLength,
    previewSecret: env.PLATFORM_PREVIEW_SECRET,
    // Media URLs must be absolute here: the pages that show them are served by the share site, another origin.
    mediaBaseUrl: env.PLATFORM_MEDIA_BASE_URL ?? `http://localhost:${port}/media`,
    // Opens the development SMS outbox; a random one per process unless set.
    devKey: env.PLATFORM_DEV_KEY || randomBytes(16).toString("hex"),
    liveDemoIntervalMs,
    liveUpcomingDelaySeconds,
    // The official account signing JS-SDK pages (demo values when unset) and the hosts of the pages it signs.
    wechat: {
      appId: env.PLATFORM_WECHAT_APP_ID,
      jsapiTicket: env.PLATFORM_WECHAT_JSAPI_TICKET,
      safeDomains: (env.PLATFORM_WECHAT_SAFE_DOMAINS ?? "localhost,127.0.0.1")
        .split(",")
        .map((domain) => domain.trim())
        .filter(Boolean),
    },
  };
}
