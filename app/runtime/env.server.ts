import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { AppLaunchConfig } from "~/lib/app-launch";

const boolean = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** No fragment, so the parameters can follow it. */
const appLink = z
  .string()
  .url()
  .refine((value) => new URL(value).protocol === "https:" && !value.includes("#"), "must be an https URL without a #fragment")
  .optional();

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PLATFORM_API_URL: z.string().url().optional(),
  PLATFORM_DB_PATH: z.string().default("data/platform.sqlite"),
  // Unset, the platform API's base (the embedded collector).
  STAT_BASE_URL: z.string().url().optional(),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  PLATFORM_BREAKER_FAILURES: z.coerce.number().int().positive().default(5),
  PLATFORM_BREAKER_HALF_OPEN_MS: z.coerce.number().int().positive().default(2000),
  PLATFORM_STALE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  PLATFORM_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  PLATFORM_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  // 0 turns the cache off.
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 1024 * 1024),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(16),
  // The first signs, every one verifies, so a secret rotates without logging anyone out.
  SESSION_SECRET: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .refine(
      (secrets) => secrets.length > 0 && secrets.every((secret) => secret.length >= 16),
      "must be one or more comma-separated secrets of 16+ characters",
    )
    .optional(),
  HASHIDS_SALT: z.string().default("davmu-share"),
  HASHIDS_MIN_LENGTH: z.coerce.number().int().min(0).max(32).default(8),
  COOKIE_SECURE: boolean.optional(),
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), "must be an http or https origin")
    .transform((value) => new URL(value).origin)
    .optional(),
  ALLOWED_HOSTS: z
    .string()
    .refine(
      (value) => value.split(",").every((entry) => !entry.trim() || /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(entry.trim())),
      "must be a comma-separated list of host names with optional ports, e.g. m.example.com,m.example.com:8443",
    )
    .optional(),
  // Spec section 2; never '*'.
  FRAME_PARENT_ORIGINS: commaList
    .refine(
      (origins) => origins.every(isOrigin),
      "must be a comma-separated list of http(s) origins such as https://news.example.com (no path, no *)",
    )
    .transform((origins) => origins.map((origin) => new URL(origin).origin)),
  DEMO_PLATFORM: boolean.optional(),
  PLATFORM_DEV_KEY: z.string().min(16).optional(),
  PLATFORM_CODES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  // Unset, a random one per process (links die on restart).
  PLATFORM_PREVIEW_SECRET: z.string().min(16).optional(),
  PLATFORM_LIVE_DEMO_INTERVAL_MS: z.coerce.number().int().min(0).default(4000),
  PLATFORM_LIVE_UPCOMING_DELAY_S: z.coerce.number().int().min(0).default(180),
  PLATFORM_WECHAT_APP_ID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{16}$/, "must be a WeChat AppID (wx and 16 letters or digits)")
    .optional(),
  PLATFORM_WECHAT_JSAPI_TICKET: z.string().min(1).optional(),
  // <wx-open-launch-app> opens the app by it.
  WECHAT_OPEN_APP_ID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{16}$/, "must be a WeChat AppID (wx and 16 letters or digits)")
    .default("wxa1b2c3d4e5f60718"),
  // docs/security.md, "Rate limits".
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRACKER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  READER_IDENTITY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RUM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RUM_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  // Spec section 4: a debug console (vConsole) on every page, for a test deployment; never on in production.
  DEBUG_CONSOLE: boolean.default("false"),
  WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  LIVE_CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LIVE_LIKES_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Also per address: many phones share one behind a carrier.
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  APP_CONFIG_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  TRUST_PROXY: z.string().default("loopback"),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  EMBEDDED_PLATFORM_URL: z.string().url().optional(),
  REDIS_URL: z
    .string()
    .url()
    .refine((value) => /^rediss?:$/.test(new URL(value).protocol), "must be a redis:// or rediss:// URL")
    .optional(),
  REPLICA_KEY: z.string().min(32).optional(),
  // docs/deploy.md, "The edge".
  EDGE_PURGE_URLS: commaList.refine(
    (urls) => urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)),
    "must be a comma-separated list of http(s) URLs of edges, e.g. http://10.0.0.5:8080",
  ),
  EDGE_PURGE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,}$/, "must be 32+ letters, digits, - or _ (the same as the edge's)")
    .optional(),
  // Never on the public port.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().default("127.0.0.1"),
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["silent", "fatal", "error", "warn", "info", "debug", "trace"]).default("info"),
  // README, "Opening the app".
  APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*$/i, "must be a URL scheme such as davmu")
    .default("davmu"),
  APP_UNIVERSAL_LINK: appLink,
  APP_ANDROID_PACKAGE: z
    .string()
    .regex(/^[a-zA-Z]\w*(?:\.[a-zA-Z]\w*)+$/, "must be an Android application id such as com.davmu.news")
    .default("com.davmu.news"),
  APP_IOS_APP_STORE_ID: z
    .string()
    .regex(/^\d{1,12}$/, "must be the App Store id's digits")
    .default("1234567890"),
  APP_HARMONY_APP_LINK: appLink,
  // For balancers to notice before connections stop; unset, 5 s in production and none otherwise.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().int().positive().default(300),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().positive().default(5000),
  // The SDK reads these itself; they are here to turn tracing on and to refuse a malformed one at start.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SDK_DISABLED: boolean.optional(),
});

type Values = z.infer<typeof schema>;

const isLoopback = (host: string) => host === "localhost" || host === "::1" || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);

/** docs/security.md, "Production settings". */
function productionRefusal(values: Values): string | null {
  // A worker of build/cluster.js reaches the primary's embedded platform at PLATFORM_API_URL: still the demo.
  const demo = values.PLATFORM_API_URL === undefined || values.EMBEDDED_PLATFORM_URL !== undefined;
  if (demo && !values.DEMO_PLATFORM) {
    return "DEMO_PLATFORM: without PLATFORM_API_URL the site runs the embedded demo platform, which production does only with DEMO_PLATFORM=1; set PLATFORM_API_URL for a real platform";
  }
  if (!demo && !values.SESSION_SECRET)
    return "SESSION_SECRET: required in production with PLATFORM_API_URL (16+ characters; a comma-separated list to rotate)";
  if (!demo && !values.PUBLIC_ORIGIN)
    return "PUBLIC_ORIGIN: required in production with PLATFORM_API_URL (the origin visitors use, e.g. https://m.example.com)";
  if (values.REDIS_URL && !values.REPLICA_KEY)
    return "REPLICA_KEY: must be set with REDIS_URL in production (32+ characters, the same on every replica)";
  // An address list alone lets anything else at an allowed address (a shared network, a NAT) empty the edge.
  if (values.EDGE_PURGE_URLS.length > 0 && !values.EDGE_PURGE_KEY)
    return "EDGE_PURGE_KEY: required in production with EDGE_PURGE_URLS (32+ letters, digits, - or _; the same as the edge's)";
  if (values.METRICS_PORT !== 0 && !isLoopback(values.METRICS_HOST) && !values.METRICS_TOKEN) {
    return `METRICS_TOKEN: required in production when the internal listener is not on loopback (METRICS_HOST=${values.METRICS_HOST}); set it, or METRICS_HOST=127.0.0.1, or METRICS_PORT=0`;
  }
  return null;
}

function readEnv() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  // iOS and HarmonyOS keep a link to the page's own host in the browser: such a link could never open the app.
  for (const name of ["APP_UNIVERSAL_LINK", "APP_HARMONY_APP_LINK"] as const) {
    const link = values[name];
    if (link && values.PUBLIC_ORIGIN && new URL(link).host === new URL(values.PUBLIC_ORIGIN).host) {
      throw new Error(`Invalid environment:\n  ${name}: must be on another host than PUBLIC_ORIGIN, or the phone never hands it to the app`);
    }
  }
  const refusal = values.NODE_ENV === "production" ? productionRefusal(values) : null;
  if (refusal) throw new Error(`Invalid environment: ${refusal}`);
  const isProduction = values.NODE_ENV === "production";
  const platformApiUrl = (values.PLATFORM_API_URL ?? `http://127.0.0.1:${values.PORT}/_platform`).replace(/\/+$/, "");
  return {
    ...values,
    isProduction,
    embeddedPlatform: values.PLATFORM_API_URL === undefined,
    platformApiUrl,
    statBaseUrl: (values.STAT_BASE_URL ?? platformApiUrl).replace(/\/+$/, ""),
    // A random secret keeps a one-command start safe; sessions then last only as long as the process.
    sessionSecrets: values.SESSION_SECRET ?? [randomBytes(32).toString("hex")],
    sessionSecretIsEphemeral: values.SESSION_SECRET === undefined,
    // The embedded platform's development pages (the SMS outbox) open only with this key, printed at start-up.
    platformDevKey: values.PLATFORM_DEV_KEY ?? randomBytes(16).toString("hex"),
    platformDevKeyIsEphemeral: values.PLATFORM_DEV_KEY === undefined,
    // Outside production a fixed key, so the processes of a trial with Redis agree without one more setting.
    replicaKey: values.REPLICA_KEY ?? "development-replica-key-not-for-production",
    cookieSecure: values.COOKIE_SECURE ?? isProduction,
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS ?? (isProduction ? 5000 : 0),
    tracing: !values.OTEL_SDK_DISABLED && (values.OTEL_EXPORTER_OTLP_ENDPOINT ?? values.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) !== undefined,
    appLaunch: {
      scheme: values.APP_SCHEME,
      universalLink: values.APP_UNIVERSAL_LINK ?? "",
      androidPackage: values.APP_ANDROID_PACKAGE,
      iosAppStoreId: values.APP_IOS_APP_STORE_ID,
      harmonyAppLink: values.APP_HARMONY_APP_LINK ?? "",
    } satisfies AppLaunchConfig,
  };
}

export const env = readEnv();
export type Env = typeof env;
