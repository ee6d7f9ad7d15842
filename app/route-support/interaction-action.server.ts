import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { PlatformError, rethrowAsResponse, type Caller } from "~/bff/client.server";
import { postComment, setCollected, setFollowed } from "~/bff/engagement.server";
import { likeLive, sendLiveMessage, setLiveBooked, type LiveMessage } from "~/bff/live.server";
import { formText } from "~/visitor/csrf.server";
import type { InteractionAnswer, LiveAnswer } from "~/hooks/use-login-prompt";
import { sitePath } from "~/lib/base-path";
import { COMMENT_TEXTS, validateComment, type CheckedText } from "~/lib/comment-text";
import { LIVE_ID_PATTERN, LIVE_TEXTS, MAX_LIKES_PER_REQUEST, validateChat } from "~/lib/live-state";
import { redirectLocation } from "~/lib/redirect-target";
import { env } from "~/runtime/env.server";
import { createRateLimiter, type RateLimiter } from "~/runtime/rate-limit.server";
import type { Toast } from "~/lib/toast";

const checkedText = (check: (text: string) => CheckedText) =>
  z.string().transform((text, context) => {
    const checked = check(text);
    if (checked.ok) return checked.text;
    context.addIssue({ code: z.ZodIssueCode.custom, message: checked.error });
    return z.NEVER;
  });

/** Kept in the session while the visitor logs in first. */
export const interactionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("comment"),
    postId: z.string().min(1),
    trackId: z.string().default(""),
    content: checkedText(validateComment),
    reply: z
      .object({ parentId: z.string().min(1), targetUserId: z.string(), targetUserAlias: z.string() })
      .nullable()
      .default(null),
  }),
  z.object({ intent: z.literal("collect"), postId: z.string().min(1), trackId: z.string().default(""), type: z.enum(["add", "del"]) }),
  z.object({ intent: z.literal("follow"), mp: z.string().min(1), type: z.enum(["add", "del"]) }),
  // A live broadcast page (local_live): chat, likes (batched by the page) and booking an upcoming broadcast.
  z.object({ intent: z.literal("live_chat"), liveId: z.string().regex(LIVE_ID_PATTERN), content: checkedText(validateChat) }),
  z.object({
    intent: z.literal("live_like"),
    liveId: z.string().regex(LIVE_ID_PATTERN),
    count: z.coerce.number().int().min(1).max(MAX_LIKES_PER_REQUEST),
  }),
  z.object({ intent: z.literal("live_book"), liveId: z.string().regex(LIVE_ID_PATTERN), type: z.enum(["add", "del"]) }),
]);
export type Interaction = z.infer<typeof interactionSchema>;

export const INTERACTION_TEXTS = {
  collected: "收藏成功",
  uncollected: "已取消收藏",
  followed: "关注成功",
  unfollowed: "已取消关注",
  tooFrequent: "操作太频繁了，请稍后再试",
} as const;

export type InteractionResult = {
  toast: Toast;
  commentId?: string;
  liveMessage?: LiveMessage;
  likeCount?: number;
  retryAfter?: number;
};

type Limit = { limiter: RateLimiter; per: "account" | "token" | "address" };

/**
 * Writes that drop stored pages and cached answers everywhere are limited per account and per address together.
 * Live likes come batched, one request a second from a page, hence their higher limit.
 */
const writes: Limit[] = [
  { limiter: createRateLimiter({ name: "writes", windowMs: 60_000, max: env.WRITE_RATE_LIMIT_PER_MINUTE }), per: "account" },
  { limiter: createRateLimiter({ name: "writes-address", windowMs: 60_000, max: env.WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE }), per: "address" },
];
const LIMITS: Record<Interaction["intent"], Limit[]> = {
  comment: writes,
  collect: writes,
  follow: writes,
  live_book: writes,
  live_chat: [
    { limiter: createRateLimiter({ name: "live-chat-burst", windowMs: 2000, max: 1 }), per: "token" },
    { limiter: createRateLimiter({ name: "live-chat-minute", windowMs: 60_000, max: env.LIVE_CHAT_RATE_LIMIT_PER_MINUTE }), per: "token" },
  ],
  live_like: [
    { limiter: createRateLimiter({ name: "live-likes", windowMs: 1000, max: 3 }), per: "token" },
    { limiter: createRateLimiter({ name: "live-likes-minute", windowMs: 60_000, max: env.LIVE_LIKES_RATE_LIMIT_PER_MINUTE }), per: "token" },
  ],
};

async function waitBefore(intent: Interaction["intent"], caller: Caller, account: string): Promise<number> {
  const address = caller.clientIp ?? "";
  const keys = { account, token: caller.token ?? address, address };
  return Math.max(...(await Promise.all(LIMITS[intent].map(({ limiter, per }) => limiter.hit(keys[per])))));
}

/** A write that reached the site is carried out even if the visitor leaves: only the deadline bounds it. */
export async function performInteraction(visitorCaller: Caller, interaction: Interaction, account: string): Promise<InteractionResult> {
  const caller: Caller = { ...visitorCaller, signal: undefined };
  const wait = await waitBefore(interaction.intent, caller, account);
  if (wait > 0) return { toast: { text: INTERACTION_TEXTS.tooFrequent, kind: "error" }, retryAfter: wait };
  try {
    switch (interaction.intent) {
      case "comment": {
        const comment = await postComment(caller, interaction.postId, {
          trackId: interaction.trackId,
          content: interaction.content,
          reply: interaction.reply,
        });
        return { toast: { text: COMMENT_TEXTS.sent, kind: "success" }, commentId: comment.gid };
      }
      case "collect": {
        const result = await setCollected(caller, interaction.postId, interaction.trackId, interaction.type);
        return { toast: { text: result.is_collect ? INTERACTION_TEXTS.collected : INTERACTION_TEXTS.uncollected, kind: "success" } };
      }
      case "follow": {
        const result = await setFollowed(caller, interaction.mp, interaction.type);
        return { toast: { text: result.is_followed ? INTERACTION_TEXTS.followed : INTERACTION_TEXTS.unfollowed, kind: "success" } };
      }
      case "live_chat": {
        const message = await sendLiveMessage(caller, interaction.liveId, interaction.content);
        return { toast: { text: LIVE_TEXTS.chatSent, kind: "success" }, liveMessage: message };
      }
      case "live_like": {
        const result = await likeLive(caller, interaction.liveId, interaction.count);
        return { toast: { text: LIVE_TEXTS.liked, kind: "success" }, likeCount: result.like_count };
      }
      case "live_book": {
        const result = await setLiveBooked(caller, interaction.liveId, interaction.type === "add");
        return { toast: { text: result.booked ? LIVE_TEXTS.bookedToast : LIVE_TEXTS.unbookedToast, kind: "success" } };
      }
    }
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "code") return { toast: { text: error.message, kind: "error" } };
    throw error;
  }
}

export type InteractionPage = { postId: string; commentFooter: boolean; live?: boolean };

const LIVE_INTENTS = new Set(["live_chat", "live_like", "live_book"]);
const INVALID = "无效的操作";

/** Without JavaScript it answers with a redirect back (and a toast), or to the login page first. */
export async function interactionAction({ request, context }: ActionFunctionArgs, page: InteractionPage) {
  const { visitor } = context;
  const form = await visitor.ownForm();
  const url = new URL(request.url);
  url.searchParams.delete("reply");
  const back = url.pathname + url.search;

  const intent = formText(form, "intent");
  const allowed = LIVE_INTENTS.has(intent) ? Boolean(page.live) : intent === "follow" || page.commentFooter;
  if (!allowed) return data<InteractionAnswer>({ fieldError: INVALID }, { status: 400 });
  const parentId = formText(form, "parent_id");
  const parsed = interactionSchema.safeParse({
    intent,
    postId: page.postId,
    trackId: formText(form, "track_id"),
    content: formText(form, "content"),
    reply: parentId ? { parentId, targetUserId: formText(form, "target_user_id"), targetUserAlias: formText(form, "target_user_alias") } : null,
    mp: formText(form, "mp"),
    type: formText(form, "type"),
    liveId: formText(form, "live_id"),
    count: formText(form, "count") || "1",
  });
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const text = issues.every((issue) => issue.path[0] === "content") ? issues[0]?.message : undefined;
    return data<InteractionAnswer>({ fieldError: text ?? INVALID, intent, content: typed(form, intent) }, { status: 400 });
  }
  const interaction = parsed.data;

  const viewer = await visitor.read();
  if (!viewer.isLoggedIn) {
    // Log in first, then the same action is carried out (see the /auth action).
    await visitor.rememberPending(interaction);
    if (form.get("js") === "1") return data<InteractionAnswer>({ needLogin: true });
    const anchor = interaction.intent === "comment" ? "#comments" : interaction.intent === "live_chat" ? "#live-chat" : "";
    const login = sitePath(`/auth?redirect=${encodeURIComponent(back + anchor)}`);
    return redirect(redirectLocation(login, context.origin));
  }

  const account = viewer.userId ?? viewer.token ?? "";
  const result = await performInteraction(await context.caller(), interaction, account).catch(rethrowAsResponse);
  if (result.retryAfter) {
    // A page posted without JavaScript is rendered again with the reason, the typed text and the toast.
    if (form.get("js") !== "1") await visitor.flashToast(result.toast);
    return data<InteractionAnswer>(
      { fieldError: result.toast.text, intent, content: typed(form, intent) },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  if (form.get("js") === "1" && (interaction.intent === "live_chat" || interaction.intent === "live_like")) {
    // The live page keeps itself up to date from its event stream, so it needs no reload.
    if (result.toast.kind === "error") return data<LiveAnswer>({ fieldError: result.toast.text }, { status: 400 });
    return data<LiveAnswer>({ liveMessage: result.liveMessage, likeCount: result.likeCount });
  }
  await visitor.flashToast(result.toast);
  const anchor = result.commentId
    ? `#c-${result.commentId}`
    : interaction.intent === "comment"
      ? "#comments"
      : interaction.intent === "live_chat"
        ? "#live-chat"
        : "";
  return redirect(redirectLocation(back + anchor, context.origin));
}

/** Handed back with a refusal so the form shows it again. */
function typed(form: FormData, intent: string): string | undefined {
  return intent === "comment" || intent === "live_chat" ? formText(form, "content") : undefined;
}
