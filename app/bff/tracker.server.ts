import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";
import { env } from "~/runtime/env.server";
import type { TrackingEvent } from "~/lib/tracking";

const acceptedSchema = z.object({ accepted: z.number().int().min(0) });

/** Spec section 7. */
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
