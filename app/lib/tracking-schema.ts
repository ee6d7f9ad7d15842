import { z } from "zod";
import { parseJsonField } from "~/lib/json-field";
import { BEHAVIORS, CONTENT_ID, MAX_BATCH_BYTES, MAX_BATCH_EVENTS, MAX_TID_IDS, type BrowserEvent } from "~/lib/tracking";

/** Server-side only: pages never load zod. */

const eventFields = {
  behavior: z.enum(BEHAVIORS),
  timestamp: z.number().int().min(1_000_000_000).max(9_999_999_999),
  tid: z
    .string()
    .max(MAX_TID_IDS * 33)
    .refine((tid) => tid === "" || tid.split("|").every((id) => CONTENT_ID.test(id)), "tid 须为以 | 分隔的内容 id")
    .refine((tid) => tid.split("|").length <= MAX_TID_IDS, `tid 最多 ${MAX_TID_IDS} 个 id`),
  path: z.string().startsWith("/").max(512).optional(),
  duration: z.number().int().min(0).max(86_400).optional(),
  percent: z.number().int().min(0).max(100).optional(),
};

type EventCore = { behavior: string; tid: string; path?: string; duration?: number; percent?: number };

function checkEvent(event: EventCore, ctx: z.RefinementCtx): void {
  if (event.tid === "" && event.path === undefined) ctx.addIssue({ code: "custom", message: "事件须有 tid 或 path" });
  const isRead = event.behavior === "read";
  if (isRead && (event.duration === undefined || event.percent === undefined)) {
    ctx.addIssue({ code: "custom", message: "read 事件须有 duration 和 percent" });
  }
  if (!isRead && (event.duration !== undefined || event.percent !== undefined)) {
    ctx.addIssue({ code: "custom", message: "只有 read 事件带 duration 和 percent" });
  }
}

export const browserEventSchema = z.object(eventFields).strict().superRefine(checkEvent);

export const trackingEventSchema = z
  .object({
    ...eventFields,
    version: z.literal("1"),
    terminal: z.literal("wap"),
    device_type: z.enum(["mobile", "desktop"]),
    device_os: z.enum(["ios", "android", "harmony", "other"]),
    user_id: z.string().max(64),
    device_id: z.string().regex(/^[A-Za-z0-9]{0,64}$/),
    anonymous_id: z.string().regex(/^[A-Za-z0-9]{0,64}$/),
  })
  .strict()
  .superRefine(checkEvent);

const browserBatchSchema = z.array(browserEventSchema).min(1).max(MAX_BATCH_EVENTS);

/** Nothing in it is trusted beyond its shape: the user id and the device come from the session and the request. */
export function parseBrowserBatch(text: string): { ok: true; events: BrowserEvent[] } | { ok: false; error: string } {
  const parsed = parseJsonField(text, "events", browserBatchSchema, MAX_BATCH_BYTES);
  return parsed.ok ? { ok: true, events: parsed.value } : parsed;
}
