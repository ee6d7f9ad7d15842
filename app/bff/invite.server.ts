import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/answers-cache.server";

// Who joined changes as people accept; a few seconds late is fine and spares the platform on a shared link.
const INVITE_TTL_MS = 15_000;

export const INVITE_RECORD_PAGE_SIZE = 10;

const inviteSchema = z.object({
  code: z.string(),
  inviter: z.object({ user_id: z.string(), alias: z.string(), avatar: platformUrl }),
  reward: z.object({ title: z.string(), description: z.string().default("") }),
  expires_at: z.string(),
  expired: z.boolean(),
  list: z.array(z.object({ alias: z.string(), avatar: platformUrl, joined_at: z.string() })),
  total: z.number().int().nonnegative(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** Anything else is a 404 before any platform call. */
export function isInviteCode(value: string): boolean {
  return /^[A-Za-z0-9]{4,16}$/.test(value);
}

export function getInvite(caller: Caller, code: string, page: number): Promise<Invite> {
  const upper = code.toUpperCase();
  return cached(caller, `invite:${upper}:${page}`, INVITE_TTL_MS, () =>
    platformRequest("/peony/v1/invite/record", detached(caller), {
      query: { code: upper, page, size: INVITE_RECORD_PAGE_SIZE },
      schema: inviteSchema,
    }),
  );
}
