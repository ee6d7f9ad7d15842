import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";
import { env } from "~/runtime/env.server";
import type { TrackingEvent } from "~/lib/tracking";

/** The stat base answers with how many events it kept; nothing more is read. */
const acceptedSchema = z.object({ accepted: z.number().int().min(0) });

/**
 * Spec section 7: POST {stat base}/tracker/log with a JSON body of tracking events (one batch per call). The stat
 * base is STAT_BASE_URL, by default the platform's own collector.
 */
export async function sendTrackingEvents(caller: Caller, events: TrackingEvent[]): Promise<number> {
  const { accepted } = await platformRequest("/tracker/log", caller, {
    method: "POST",
    body: events,
    baseUrl: env.statBaseUrl,
    maxBytes: 4096,
    schema: acceptedSchema,
  });
  return accepted;
}
