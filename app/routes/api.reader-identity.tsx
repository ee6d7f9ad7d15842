import type { ActionFunctionArgs } from "@remix-run/node";
import { PlatformError } from "~/bff/client.server";
import { detectDevice } from "~/lib/device";
import { refuseGet } from "~/route-support/field-reports.server";
import { jsonError } from "~/route-support/json-error.server";
import { env } from "~/runtime/env.server";
import { createRateLimiter } from "~/runtime/rate-limit.server";
import { logger } from "~/runtime/logger.server";

/** Each new identity costs the platform a token: an address asking more often than its phones load pages is a flood. */
const identityLimiter = createRateLimiter({ name: "reader-identity", windowMs: 60_000, max: env.READER_IDENTITY_RATE_LIMIT_PER_MINUTE });

/** Pages post here (app/client/reader-identity.ts); a GET is a clear 405. */
export const loader = refuseGet;

/**
 * Spec section 4: the reader's own anonymous token and ids, issued once the page is shown and kept in their
 * identity cookie (committed by the host). Answers the ids, never the token: page scripts never see a token.
 */
export async function action({ context }: ActionFunctionArgs) {
  if (!context.visitor.postedForm) return refuseGet();
  const wait = await identityLimiter.hit(context.clientIp);
  if (wait > 0) return jsonError(429, undefined, { "Retry-After": String(wait) });
  // A robot's page views are not counted (the tracker drops them), so it is given no token either.
  if (detectDevice(context.userAgent).isBot) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  try {
    const ids = await context.visitor.ownIdentity();
    return Response.json(ids && { device_id: ids.deviceId, anonymous_id: ids.anonymousId }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // The page reads on as the site; the next page asks again.
    logger.warn(`reader identity unavailable: ${error.message}`);
    return jsonError(503);
  }
}
