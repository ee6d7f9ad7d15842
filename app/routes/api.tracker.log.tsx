import type { ActionFunctionArgs } from "@remix-run/node";
import { isOutage } from "~/bff/client.server";
import { sendTrackingEvents } from "~/bff/tracker.server";
import { formText } from "~/visitor/csrf.server";
import { detectDevice } from "~/lib/device";
import { completeEvent, isPreviewPage } from "~/lib/tracking";
import { env } from "~/runtime/env.server";
import { parseBrowserBatch } from "~/lib/tracking-schema";
import { createRateLimiter } from "~/runtime/rate-limit.server";
import { logger } from "~/runtime/logger.server";
import { countUndeliveredTrackingEvents } from "~/runtime/metrics.server";

/** Generous per address (many phones share one carrier address): the limit only stops a flood. */
const trackerLimiter = createRateLimiter({ name: "tracker", windowMs: 60_000, max: env.TRACKER_RATE_LIMIT_PER_MINUTE });

function problem(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Only pages' beacons post here; a GET is a clear 405, not a missing-loader error. */
export function loader() {
  return problem(405, "请求方式无效", { Allow: "POST" });
}

/** Pages post here, never to the stat base: the batch is completed with what only the server knows (user, device) and forwarded. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = context.visitor.postedForm;
  if (!form) return problem(405, "请求方式无效", { Allow: "POST" });
  const wait = await trackerLimiter.hit(context.clientIp);
  if (wait > 0) return problem(429, "请求过于频繁", { "Retry-After": String(wait) });

  const batch = parseBrowserBatch(formText(form, "events"));
  if (!batch.ok) return problem(400, batch.error);

  const referer = URL.canParse(request.headers.get("referer") ?? "") ? new URL(request.headers.get("referer")!) : null;
  const device = detectDevice(context.userAgent);
  // Spec section 4: no statistics in preview mode; the page does not send them, and none sent anyway are kept.
  if ((referer && isPreviewPage(referer.pathname, referer.search)) || device.isBot) return new Response(null, { status: 204 });

  // One reader's events are told from another's by their ids (the session's, else their identity cookie's).
  const { token, userId, deviceId, requestId } = await context.visitor.read();
  const events = batch.events.map((event) => completeEvent(event, { device, userId, deviceId, anonymousId: requestId }));
  try {
    // The reader's own token and ids, but no abort signal: a beacon's connection may close as the page goes while
    // the events still go on.
    await sendTrackingEvents({ token, requestId: requestId || null, clientIp: context.clientIp }, events);
  } catch (error) {
    logger.warn(`tracking events not delivered: ${(error as Error).message}`);
    countUndeliveredTrackingEvents(events.map((event) => event.behavior));
    return problem(isOutage(error) ? 503 : 502, "统计服务暂不可用");
  }
  return new Response(null, { status: 204 });
}
