import { randomBytes } from "node:crypto";
import { z } from "zod";

const boolean = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PLATFORM_API_URL: z.string().url().optional(),
  PLATFORM_DB_PATH: z.string().default("data/platform.sqlite"),
  // Where statistics go ({stat base}/tracker/log); unset, the platform API's base (the embedded collector).
  STAT_BASE_URL: z.string().url().optional(),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  // After this many outages in a row an upstream's breaker opens; it lets one probe through after the pause.
  PLATFORM_BREAKER_FAILURES: z.coerce.number().int().positive().default(5),
  PLATFORM_BREAKER_HALF_OPEN_MS: z.coerce.number().int().positive().default(2000),
  // How long an answer that is the same for everyone may stand in while the platform fails, and the memory it may take.
  PLATFORM_STALE_MS: z.coerce.number().int().min(0).default(10 * 60_000),
  PLATFORM_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(64 * 1024 * 1024),
  PLATFORM_MAX_RESPONSE_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
  SESSION_SECRET: z.string().min(16).optional(),
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
  PLATFORM_DEV_KEY: z.string().min(16).optional(),
  PLATFORM_CODES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  // Signs the embedded platform's draft preview links; unset, a random one per process (links die on restart).
  PLATFORM_PREVIEW_SECRET: z.string().min(16).optional(),
  // Embedded platform: the official account that signs JS-SDK pages (demo values when unset).
  PLATFORM_WECHAT_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{16}$/, "must be a WeChat AppID (wx and 16 letters or digits)").optional(),
  PLATFORM_WECHAT_JSAPI_TICKET: z.string().min(1).optional(),
  // The mobile app's AppID on the WeChat Open Platform: <wx-open-launch-app> opens the app by it.
  WECHAT_OPEN_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{16}$/, "must be a WeChat AppID (wx and 16 letters or digits)").default("wxa1b2c3d4e5f60718"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  APP_CONFIG_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  TRUST_PROXY: z.string().default("loopback"),
  LOG_LEVEL: z.enum(["silent", "info", "debug"]).default("info"),
});

function readEnv() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  const platformApiUrl = (values.PLATFORM_API_URL ?? `http://127.0.0.1:${values.PORT}/_platform`).replace(/\/+$/, "");
  return {
    ...values,
    isProduction,
    /** Embedded mode: the platform runs inside this host, mounted at /_platform. */
    embeddedPlatform: values.PLATFORM_API_URL === undefined,
    platformApiUrl,
    statBaseUrl: (values.STAT_BASE_URL ?? platformApiUrl).replace(/\/+$/, ""),
    // A random secret keeps a one-command start safe; sessions then last only as long as the process.
    sessionSecret: values.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    sessionSecretIsEphemeral: values.SESSION_SECRET === undefined,
    // The embedded platform's development pages (the SMS outbox) open only with this key, printed at start-up.
    platformDevKey: values.PLATFORM_DEV_KEY ?? randomBytes(16).toString("hex"),
    platformDevKeyIsEphemeral: values.PLATFORM_DEV_KEY === undefined,
    cookieSecure: values.COOKIE_SECURE ?? isProduction,
  };
}

export const env = readEnv();
export type Env = typeof env;
