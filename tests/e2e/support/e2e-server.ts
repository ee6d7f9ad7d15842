/** How the e2e run starts the built host: one dedicated port, a throwaway database, fixed secrets. */
// E2E_PORT lets two runs share a machine (each gets its own server and database).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

// `localhost`, not 127.0.0.1: Chromium accepts the production (Secure) session cookie on http://localhost.
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

/** Wiped and recreated before every run, so the embedded platform seeds a fresh database. */
export const E2E_DATA_DIR = `.tmp/e2e-${E2E_PORT}`;

export const E2E_HASHIDS = { salt: "davmu-share-e2e", minLength: 8 };

/** Opens the embedded platform's development SMS outbox, as PLATFORM_DEV_KEY does for anyone trying the site. */
export const E2E_DEV_KEY = "e2e-dev-key-not-for-production";
/** Fixed, so preview e2e tests can sign their own links (expired ones, forged ones) with platform/preview-tokens.ts. */
export const E2E_PREVIEW_SECRET = "e2e-preview-secret-not-for-production";

/** The app's universal link and HarmonyOS App Linking bases in the e2e run (never fetched: the tests stop them). */
export const E2E_APP_LINKS = { universal: "https://link.davmu.example/open", harmony: "https://link.davmu.example/harmony/open" };

/** How far ahead the demo's upcoming broadcast starts in e2e runs: hours, so a long run never sees it begin (the dev schedule call takes up to a day). */
export const UPCOMING_DELAY_S = 43_200;

/** The one other site allowed to frame the pages in e2e runs (FRAME_PARENT_ORIGINS); the specs serve it themselves. */
export const E2E_FRAME_PARENT = "http://embedder.example";

export const E2E_SERVER_ENV = {
  NODE_ENV: "production",
  // The embedded platform, which production runs only when asked; specs that start a real platform add PUBLIC_ORIGIN.
  DEMO_PLATFORM: "1",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  PLATFORM_DB_PATH: `${E2E_DATA_DIR}/platform.sqlite`,
  SESSION_SECRET: "e2e-session-secret-not-for-production",
  // Production refuses REDIS_URL without it: the specs that start sites with Redis share this one.
  REPLICA_KEY: "e2e-replica-key-not-for-production-use",
  PLATFORM_DEV_KEY: E2E_DEV_KEY,
  HASHIDS_SALT: E2E_HASHIDS.salt,
  HASHIDS_MIN_LENGTH: String(E2E_HASHIDS.minLength),
  PLATFORM_PREVIEW_SECRET: E2E_PREVIEW_SECRET,
  // Every e2e browser is 127.0.0.1: per-address limits are raised so parallel tests don't share one budget.
  PLATFORM_CODES_PER_IP_PER_HOUR: "1000",
  AUTH_RATE_LIMIT_PER_MINUTE: "1000",
  // And every test logs in as the one demo account: its writes of parallel tests would share one budget too.
  WRITE_RATE_LIMIT_PER_MINUTE: "1000",
  WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE: "1000",
  RUM_RATE_LIMIT_PER_MINUTE: "1000",
  // Every page the run opens sends its statistics from the same address: at the default 600 a minute a fast run
  // loses beacons, and with them the counts the statistics tests read.
  TRACKER_RATE_LIMIT_PER_MINUTE: "10000",
  // Every page load with JavaScript asks for its reader's identity.
  READER_IDENTITY_RATE_LIMIT_PER_MINUTE: "5000",
  // And every page load in WeChat for its signature: the two WeChat sweeps alone open about 75 pages in a minute.
  WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE: "5000",
  // Pages report no speed here (the real-users spec starts a site that does): the other specs count their requests.
  RUM_SAMPLE_RATE: "0",
  // Links the app would claim on a host of its own, so iPhone and HarmonyOS NEXT take those launch paths.
  APP_UNIVERSAL_LINK: E2E_APP_LINKS.universal,
  APP_HARMONY_APP_LINK: E2E_APP_LINKS.harmony,
  // Short, so the live spec sees a browser's event stream end and resume within a test.
  LIVE_STREAM_MAX_SECONDS: "15",
  FRAME_PARENT_ORIGINS: E2E_FRAME_PARENT,
  // The demo's upcoming broadcast stays upcoming through the whole run (the live spec re-times it when it must start).
  PLATFORM_LIVE_UPCOMING_DELAY_S: String(UPCOMING_DELAY_S),
  // No internal listener: runs on one machine would share its port; metrics.spec.ts gives its sites ports of their own.
  METRICS_PORT: "0",
  // Stopped at the end of a run, or by a spec: no balancer to wait for.
  SHUTDOWN_DELAY_MS: "0",
};
