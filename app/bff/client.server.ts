import { data } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/env.server";

/** What every upstream call knows about the visitor it is made for. */
export type Caller = { token: string | null; requestId: string | null; signal?: AbortSignal; clientIp?: string };

/** The caller for a shared, cached call: one visitor leaving must not cancel what others wait on. */
export function detached(caller: Caller): Caller {
  return { token: caller.token, requestId: caller.requestId, clientIp: caller.clientIp };
}

export type PlatformErrorKind = "code" | "timeout" | "unavailable" | "invalid";

/** A failed platform call: a non-zero envelope code, or the platform could not be reached or understood. */
export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

// Spec section 7: these upstream endpoints must not receive X-Request-Id.
const NO_REQUEST_ID = [
  "/law/v1/api/share/question/detail",
  "/law/v1/api/share/question/answerlist",
  "/peony/v1/picho/v1/open/",
  "/circle/v1/api/share/content/detail",
];

const ANONYMOUS_REQUEST_ID_FALLBACK = "123456";

export function generateAnonymousId(): string {
  try {
    return crypto.randomUUID().replace(/-/g, "");
  } catch {
    return ANONYMOUS_REQUEST_ID_FALLBACK;
  }
}

export function platformHeaders(path: string, caller: Caller): Record<string, string> {
  const headers: Record<string, string> = { authorization: caller.token ?? "" };
  if (caller.clientIp) headers["X-Forwarded-For"] = caller.clientIp;
  if (!NO_REQUEST_ID.some((pattern) => path.includes(pattern))) {
    headers["X-Request-Id"] = caller.requestId || generateAnonymousId();
  }
  return headers;
}

const envelopeSchema = z.object({ code: z.number(), message: z.string().optional().default(""), data: z.unknown() });
export type Envelope = z.infer<typeof envelopeSchema>;

type EnvelopeOptions = {
  method?: "GET" | "POST";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The most this call reads of the answer; PLATFORM_MAX_RESPONSE_BYTES unless said otherwise. */
  maxBytes?: number;
};

type RequestOptions<T> = EnvelopeOptions & { schema: z.ZodType<T, z.ZodTypeDef, unknown> };

/**
 * The one way the site calls the platform: headers, timeout joined with the visitor's own abort signal,
 * envelope check and a zod parse of `data`. Resolves with `data` only when `code` is 0.
 */
export async function platformRequest<T>(path: string, caller: Caller, options: RequestOptions<T>): Promise<T> {
  const envelope = await platformEnvelope(path, caller, options);
  if (envelope.code !== 0) throw new PlatformError("code", envelope.message || "请求失败", envelope.code);
  const data = options.schema.safeParse(envelope.data);
  if (!data.success) {
    throw new PlatformError("invalid", `platform data did not match: ${path}: ${data.error.issues[0]?.message ?? ""}`);
  }
  return data.data;
}

/**
 * A platform call's envelope, whatever its code: the transport half of platformRequest. The answer is read
 * as it streams and the call aborted once it passes `maxBytes`, so an oversized answer costs at most that much.
 */
export async function platformEnvelope(path: string, caller: Caller, options: EnvelopeOptions = {}): Promise<Envelope> {
  const url = new URL(env.platformApiUrl + path);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const timeout = AbortSignal.timeout(env.PLATFORM_TIMEOUT_MS);
  const signal = caller.signal ? AbortSignal.any([timeout, caller.signal]) : timeout;
  const headers = platformHeaders(path, caller);
  if (options.body !== undefined) headers["content-type"] = "application/json";

  let text: string;
  try {
    const response = await fetch(url, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new PlatformError("unavailable", `platform answered ${response.status}: ${path}`);
    }
    text = await readCapped(response, options.maxBytes ?? env.PLATFORM_MAX_RESPONSE_BYTES, path);
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    if (timeout.aborted) throw new PlatformError("timeout", `platform timed out after ${env.PLATFORM_TIMEOUT_MS} ms: ${path}`);
    if (caller.signal?.aborted) throw error;
    throw new PlatformError("unavailable", `platform unreachable: ${path}: ${(error as Error).message}`);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PlatformError("invalid", `platform answered without JSON: ${path}`);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) throw new PlatformError("invalid", `platform answered without an envelope: ${path}`);
  return parsed.data;
}

/** The body as text, refusing (and cancelling the download) as soon as it is known to exceed `limit` bytes. */
async function readCapped(response: Response, limit: number, path: string): Promise<string> {
  const tooLarge = () => new PlatformError("invalid", `platform answer over ${limit} bytes: ${path}`);
  if (Number(response.headers.get("content-length")) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Upstream failures a page cannot recover from become HTTP answers: missing content 404, an outage 503. */
export function isMissingContent(error: unknown): boolean {
  return error instanceof PlatformError && error.kind === "code" && (error.code === 10024 || error.code === 404);
}

export function isOutage(error: unknown): boolean {
  return error instanceof PlatformError && error.kind !== "code";
}

/**
 * Turns an upstream failure of a page's main content into the page's HTTP answer: missing content 404;
 * anything else the platform did (an outage, or a refusal such as code 500, 401 or 429) the friendly 503.
 */
export function rethrowAsResponse(error: unknown): never {
  if (isMissingContent(error)) throw data(null, { status: 404 });
  if (error instanceof PlatformError) {
    console.warn(`main content unavailable: ${error.message}${error.code === null ? "" : ` (code ${error.code})`}`);
    throw data(null, { status: 503 });
  }
  throw error;
}
