import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { LIST_PAGE_SIZE, type Page } from "~/bff/content.server";
import { platformUrl } from "~/bff/platform-url.server";
import { sanitizeRichHtml } from "~/bff/sanitize.server";
import { cached } from "~/bff/answers-cache.server";

const ACTIVITY_TTL_MS = 5_000;
const LIST_TTL_MS = 15_000;

const activitySummarySchema = z.object({
  post_id: z.string(),
  title: z.string(),
  summary: z.string().default(""),
  cover: platformUrl,
  location: z.string().default(""),
  start_at: z.string(),
  end_at: z.string(),
  participant_count: z.number().int().nonnegative().catch(0),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

const activitySchema = activitySummarySchema.extend({ rules: z.string().default(""), version: z.number().int().default(0) });
export type Activity = z.infer<typeof activitySchema>;

/** Its rules are sanitized once per version. */
export function getActivity(caller: Caller, postId: string): Promise<Activity> {
  return cached(caller, `activity:${postId}`, ACTIVITY_TTL_MS, async () => {
    const activity = await platformRequest(`/peony/v1/activity/${encodeURIComponent(postId)}`, detached(caller), { schema: activitySchema });
    return { ...activity, rules: await sanitizeRichHtml(activity.rules, `activity:${activity.post_id}:${activity.version}`) };
  });
}

export function listActivities(caller: Caller, page: number): Promise<Page<ActivitySummary>> {
  return cached(caller, `activities:${page}`, LIST_TTL_MS, () =>
    platformRequest("/peony/v1/activity", detached(caller), {
      query: { page, size: LIST_PAGE_SIZE },
      schema: z.object({ list: z.array(activitySummarySchema), total: z.number().int().nonnegative() }),
    }),
  );
}
