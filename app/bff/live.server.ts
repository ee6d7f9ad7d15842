import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";
import { platformUrl } from "~/bff/platform-url.server";
import { liveTag } from "~/lib/content-tag";
import { LIVE_ID_PATTERN, LIVE_STATUS } from "~/lib/live-state";
import { announceWrite } from "~/runtime/content-writes.server";

/** docs/platform-api.md, "Live". Text fields are plain text and only ever rendered as text. */

export const isLiveId = (value: string) => LIVE_ID_PATTERN.test(value);

const count = z.number().int().nonnegative().catch(0);
const unixSeconds = z.number().int().nonnegative();
const text = z.string().catch("");
const person = z.object({ name: text, avatar: platformUrl });

export const liveStatusSchema = z.union([z.literal(LIVE_STATUS.upcoming), z.literal(LIVE_STATUS.live), z.literal(LIVE_STATUS.ended)]);

const playlistSchema = z.object({ title: text, url: platformUrl, cover: platformUrl, duration: count });
export type LivePlaylist = z.infer<typeof playlistSchema>;

export type LiveColumnType = "intro" | "posts" | "chat" | "replay";
const columnSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: text,
  type: z.enum(["intro", "posts", "chat", "replay"]),
});
export type LiveColumn = z.infer<typeof columnSchema>;

export const liveStyleSchema = z.enum(["image", "landscape", "portrait"]);
export type LiveStyle = z.infer<typeof liveStyleSchema>;

export const liveInfoSchema = z.object({
  live_id: z.string().regex(LIVE_ID_PATTERN),
  group_id: z.union([z.string(), z.number()]).transform(String).catch(""),
  title: text,
  summary: text,
  cover: platformUrl,
  style: liveStyleSchema.catch("landscape"),
  status: liveStatusSchema,
  start_time: unixSeconds,
  end_time: unixSeconds,
  countdown: z.object({ show: z.boolean(), title: text }).catch({ show: true, title: "" }),
  online_count: count,
  like_count: count,
  stream_url: platformUrl
    .nullable()
    .catch(null)
    .transform((url) => url || null),
  playlists: z
    .array(playlistSchema)
    .catch([])
    .transform((list) => list.filter((item) => item.url)),
  columns: z.array(columnSchema).catch([]),
  host: person,
  lbs_id: z.string().regex(LIVE_ID_PATTERN).nullable().catch(null),
  booked: z.boolean().catch(false),
  booking_count: count,
});
export type LiveInfo = z.infer<typeof liveInfoSchema>;

export const livePostSchema = z.object({
  msg_id: z.string().min(1),
  kind: z.enum(["text", "image", "video"]),
  text,
  pictures: z
    .array(z.object({ url: platformUrl, width: count, height: count }))
    .catch([])
    .transform((list) => list.filter((picture) => picture.url)),
  video: z
    .object({ url: platformUrl, poster: platformUrl })
    .nullable()
    .catch(null)
    .transform((video) => (video?.url ? video : null)),
  author: person,
  created_at: unixSeconds,
});
export type LivePost = z.infer<typeof livePostSchema>;

export const liveMessageSchema = z.object({
  msg_id: z.string().min(1),
  text,
  user: z.object({ id: z.union([z.string(), z.number()]).transform(String), nickname: text, avatar: platformUrl }),
  created_at: unixSeconds,
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

export const liveStatsSchema = z.object({ online_count: count, like_count: count });
export type LiveStats = z.infer<typeof liveStatsSchema>;

export const liveStateSchema = z.object({
  status: liveStatusSchema,
  start_time: unixSeconds,
  end_time: unixSeconds,
  stream_url: liveInfoSchema.shape.stream_url,
  playlists: liveInfoSchema.shape.playlists,
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** The event id lets the stream resume after this read. */
export type LivePage<T> = { list: T[]; has_more: boolean; last_event_id: number | null };

const eventId = z.number().int().nonnegative().nullable().catch(null);

/** The earliest, so nothing said between the reads and the stream's start is missed (duplicates share a msg_id). */
export function resumePointOf(...pages: LivePage<unknown>[]): number | null {
  const ids = pages.map((page) => page.last_event_id).filter((id): id is number => id !== null);
  return ids.length > 0 ? Math.min(...ids) : null;
}

/** The platform takes 1..50. */
export const LIVE_PAGE_SIZE = 20;

export function getLiveInfo(caller: Caller, liveId: string): Promise<LiveInfo> {
  caller.record?.tags.add(liveTag(liveId));
  return platformRequest("/peony/v3/live/info", caller, { query: { live_id: liveId }, schema: liveInfoSchema });
}

type PageQuery = { before?: string; pagesize?: number };

export function listLivePosts(caller: Caller, liveId: string, query: PageQuery = {}): Promise<LivePage<LivePost>> {
  return platformRequest("/peony/v3/live/room", caller, {
    query: { live_id: liveId, before: query.before, pagesize: query.pagesize ?? LIVE_PAGE_SIZE },
    schema: z.object({ list: z.array(livePostSchema), has_more: z.boolean().catch(false), last_event_id: eventId }),
  });
}

export function listLiveMessages(caller: Caller, liveId: string, query: PageQuery = {}): Promise<LivePage<LiveMessage>> {
  return platformRequest("/peony/v3/live/chat", caller, {
    query: { live_id: liveId, before: query.before, pagesize: query.pagesize ?? LIVE_PAGE_SIZE },
    schema: z.object({ list: z.array(liveMessageSchema), has_more: z.boolean().catch(false), last_event_id: eventId }),
  });
}

export type LivePlace = { id: string; name: string; address: string; lat: number; lng: number };

export function getLivePlace(caller: Caller, lbsId: string): Promise<LivePlace> {
  return platformRequest(`/peony/v3/lbs/${encodeURIComponent(lbsId)}`, caller, {
    schema: z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      name: text,
      address: text,
      lat: z.number().catch(0),
      lng: z.number().catch(0),
    }),
  });
}

export type LiveWeather = { id: string; city: string; weather: string; temperature: string; updated_at: number };

export function getLiveWeather(caller: Caller, lbsId: string): Promise<LiveWeather> {
  return platformRequest(`/peony/v3/lbs_weather/${encodeURIComponent(lbsId)}`, caller, {
    schema: z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      city: text,
      weather: text,
      // A number of degrees or a display string such as "18℃": shown as given.
      temperature: z.union([z.number(), z.string()]).transform(String).catch(""),
      updated_at: unixSeconds.catch(0),
    }),
  });
}

/** The platform checks the length, the state and its own rate limit. */
export function sendLiveMessage(caller: Caller, liveId: string, content: string): Promise<LiveMessage> {
  return platformRequest("/peony/v3/live/send_msg", caller, { method: "POST", body: { live_id: liveId, content }, schema: liveMessageSchema });
}

export function likeLive(caller: Caller, liveId: string, taps: number, msgId?: string): Promise<{ like_count: number }> {
  return platformRequest("/peony/v3/live/like", caller, {
    method: "POST",
    body: { live_id: liveId, count: taps, ...(msgId ? { msg_id: msgId } : {}) },
    schema: z.object({ like_count: count }),
  });
}

export async function setLiveBooked(caller: Caller, liveId: string, booked: boolean): Promise<{ booked: boolean; booking_count: number }> {
  const result = await platformRequest(booked ? "/peony/v3/booking" : "/peony/v3/un_booking", caller, {
    method: "POST",
    body: { booking_id: liveId, booking_type: "live" },
    schema: z.object({ booked: z.boolean(), booking_count: count }),
  });
  // The anonymous page shows the booking count.
  announceWrite({ pages: [liveTag(liveId)], answers: [] });
  return result;
}
