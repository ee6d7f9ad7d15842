import { data } from "@remix-run/node";
import { Agent, request, type Dispatcher } from "undici";
import { z } from "zod";
import { createBreakers, upstreamOf } from "~/bff/breaker.server";
import { pathPattern, upstreamCall } from "~/bff/upstream-log.server";
import { env } from "~/runtime/env.server";
import { timedUpstream } from "~/runtime/metrics.server";
import { logger } from "~/runtime/logger.server";
import { traceCall } from "~/runtime/tracing.server";

/** What the BFF writes of a render record (app/render/render-record.server.ts): the rest is rendering's. */
export type RenderRecordBase = { tags: Set<string>; incomplete: boolean; staleKeys: Set<string> };

export type Caller = {
  token: string | null;
  requestId: string | null;
  signal?: AbortSignal;
  clientIp?: string;
  /** One budget for all of a request's calls, however they are chained. */
  deadline?: number;
  /** Its timeouts are the site's own choice, so not held against the platform. */
  sidePart?: boolean;
  record?: RenderRecordBase | null;
};

export function requestDeadline(now = Date.now()): number {
  return now + env.PLATFORM_TIMEOUT_MS;
}

export const SIDE_PART_SHARE = 0.5;

/** Gives up well before the main content, so the page is not held up by it. */
export function sidePart(caller: Caller): Caller {
  if (caller.deadline === undefined) return { ...caller, sidePart: true, deadline: Date.now() + env.PLATFORM_TIMEOUT_MS * SIDE_PART_SHARE };
  const now = Date.now();
  return { ...caller, sidePart: true, deadline: now + Math.max(0, caller.deadline - now) * SIDE_PART_SHARE };
}

/** One visitor leaving must not cancel what others wait on; the deadline stays, as each joiner has their own. */
export function detached(caller: Caller): Caller {
  return {
    token: caller.token,
    requestId: caller.requestId,
    clientIp: caller.clientIp,
    deadline: caller.deadline,
    sidePart: caller.sidePart,
    record: caller.record,
  };
}

export type PlatformErrorKind = "code" | "timeout" | "unavailable" | "invalid";

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
  maxBytes?: number;
  baseUrl?: string;
};

type RequestOptions<T> = EnvelopeOptions & { schema: z.ZodType<T, z.ZodTypeDef, unknown> };

const refusedTokenListeners = new Set<(token: string) => void>();

export function onTokenRefused(listener: (token: string) => void): void {
  refusedTokenListeners.add(listener);
}

/** The one way the site calls the platform. */
export async function platformRequest<T>(path: string, caller: Caller, options: RequestOptions<T>): Promise<T> {
  const envelope = await platformEnvelope(path, caller, options);
  if (envelope.code === 401 && caller.token) for (const listener of refusedTokenListeners) listener(caller.token);
  if (envelope.code !== 0) throw new PlatformError("code", envelope.message || "请求失败", envelope.code);
  const data = options.schema.safeParse(envelope.data);
  if (!data.success) {
    throw new PlatformError("invalid", `platform data did not match: ${path}: ${data.error.issues[0]?.message ?? ""}`);
  }
  return data.data;
}

/**
 * Aborts once the answer passes `maxBytes`, so an oversized one costs at most that. An outage marks the page
 * incomplete, so no one else is served it from the page cache.
 */
export async function platformEnvelope(path: string, caller: Caller, options: EnvelopeOptions = {}): Promise<Envelope> {
  try {
    return await fetchEnvelope(path, caller, options);
  } catch (error) {
    if (isOutage(error) && caller.record) caller.record.incomplete = true;
    throw error;
  }
}

async function fetchEnvelope(path: string, caller: Caller, options: EnvelopeOptions): Promise<Envelope> {
  const url = new URL((options.baseUrl ?? env.platformApiUrl) + path);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const budget = caller.deadline === undefined ? env.PLATFORM_TIMEOUT_MS : caller.deadline - Date.now();
  // A spent budget is the request's own doing, not the platform's: no call, and nothing held against it.
  if (budget <= 0) throw new PlatformError("timeout", `no time left in the request's budget for ${path}`);
  const headers = platformHeaders(path, caller);
  if (options.body !== undefined) headers["content-type"] = "application/json";

  const upstream = upstreamOf(path);
  const method = options.method ?? "GET";
  const logged = upstreamCall(upstream, method, path);
  // A span of the request's trace, named by the endpoint (never an id); the platform gets its traceparent.
  const span = () => ({
    name: `${method} ${pathPattern(path)}`,
    attributes: { "davmu.upstream": upstream, "url.template": pathPattern(path), "davmu.breaker.before": breakers.states()[upstream] ?? "closed" },
  });
  const text = await traceCall(span, headers, (note) =>
    breakers
      .run(
        upstream,
        timedUpstream(
          upstream,
          async () => {
            // One controller for the budget and the visitor leaving: AbortSignal.any over AbortSignal.timeout cost more CPU
            // and held the signals until the budget ran out (docs/benchmarks.md).
            const controller = new AbortController();
            const timer = setTimeout(() => controller.abort(TIMED_OUT), Math.ceil(budget));
            const visitorLeft = () => controller.abort(caller.signal?.reason);
            caller.signal?.addEventListener("abort", visitorLeft, { once: true });
            try {
              const response = await request(url, {
                method,
                headers,
                body: options.body === undefined ? undefined : JSON.stringify(options.body),
                signal: controller.signal,
                dispatcher: platformAgent,
              });
              logged.status = response.statusCode;
              note?.({ "http.response.status_code": response.statusCode });
              if (response.statusCode >= 500) {
                await response.body.dump();
                throw new PlatformError("unavailable", `platform answered ${response.statusCode}: ${path}`);
              }
              return await readCapped(response, options.maxBytes ?? env.PLATFORM_MAX_RESPONSE_BYTES, path);
            } catch (error) {
              if (error instanceof PlatformError) throw error;
              if (controller.signal.reason === TIMED_OUT)
                throw new PlatformError("timeout", `platform timed out after ${Math.ceil(budget)} ms: ${path}`);
              if (caller.signal?.aborted) throw error;
              throw new PlatformError("unavailable", `platform unreachable: ${path}: ${(error as Error).message}`);
            } finally {
              clearTimeout(timer);
              caller.signal?.removeEventListener("abort", visitorLeft);
            }
          },
          upstreamOutcome,
        ),
        {
          countsAsFailure: (error) => isUpstreamFailure(error) && !(caller.sidePart && (error as PlatformError).kind === "timeout"),
          whenOpen: () => new PlatformError("unavailable", `circuit open for ${upstream}: ${path}`),
          mayProbe: !caller.sidePart,
        },
      )
      .then(
        (body) => {
          const breaker = breakers.states()[upstream];
          logged.done(breaker);
          note?.({ "davmu.breaker.after": breaker });
          return body;
        },
        (error: unknown) => {
          const breaker = breakers.states()[upstream];
          logged.done(breaker, error instanceof PlatformError ? error : undefined);
          note?.({ "davmu.breaker.after": breaker, "error.type": upstreamOutcome(error) });
          throw error;
        },
      ),
  );

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

const upstreamOutcome = (error: unknown) => (error instanceof PlatformError ? error.kind : "aborted");

/** An upstream's refusals (envelope codes) do not count against it. */
function isUpstreamFailure(error: unknown): boolean {
  return error instanceof PlatformError && (error.kind === "timeout" || error.kind === "unavailable");
}

/** undici's request API rather than fetch, which cost noticeably more CPU a call (docs/benchmarks.md). */
const platformAgent = new Agent();
/** Tells the call's own timeout from the visitor leaving. */
const TIMED_OUT = Symbol("platform call timed out");

const breakers = createBreakers({ failures: env.PLATFORM_BREAKER_FAILURES, halfOpenAfterMs: env.PLATFORM_BREAKER_HALF_OPEN_MS });

export const breakerStates = () => breakers.states();

function readCapped({ body, headers }: Dispatcher.ResponseData, limit: number, path: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const refuse = () => body.destroy(new PlatformError("invalid", `platform answer over ${limit} bytes: ${path}`));
    body.on("error", reject).on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    if (Number(headers["content-length"]) > limit) return void refuse();
    body.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) refuse();
      else chunks.push(chunk);
    });
  });
}

export function isMissingContent(error: unknown): boolean {
  return error instanceof PlatformError && error.kind === "code" && (error.code === 10024 || error.code === 404);
}

export function isOutage(error: unknown): boolean {
  return error instanceof PlatformError && error.kind !== "code";
}

/** Code 400: a parameter too long, not a number… */
export function isRefusedInput(error: unknown): boolean {
  return error instanceof PlatformError && error.kind === "code" && error.code === 400;
}

/** Code 400 names nothing that exists, so it is a 404 like missing content; anything else the friendly 503. */
export function rethrowAsResponse(error: unknown): never {
  if (isMissingContent(error) || isRefusedInput(error)) throw data(null, { status: 404 });
  if (error instanceof PlatformError) {
    logger.warn(`main content unavailable: ${error.message}${error.code === null ? "" : ` (code ${error.code})`}`);
    throw data(null, { status: 503 });
  }
  throw error;
}
