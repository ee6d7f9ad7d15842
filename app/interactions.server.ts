import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { PlatformError, rethrowAsResponse, type Caller } from "~/bff/client.server";
import { postComment, setCollected, setFollowed } from "~/bff/interactions.server";
import { formText, requireOwnForm } from "~/csrf.server";
import type { InteractionAnswer } from "~/hooks/use-login-prompt";
import { sitePath } from "~/lib/base-path";
import { COMMENT_TEXTS, validateComment } from "~/lib/comment-text";
import { redirectLocation } from "~/lib/redirect-target";
import { callerFor, flashToast, getVisitor, rememberPending, sessionHeaders, type Toast } from "~/session.server";

/** What a visitor can do on a content page; kept in the session while they log in first. */
export const interactionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("comment"),
    postId: z.string().min(1),
    trackId: z.string().default(""),
    content: z.string(),
    reply: z.object({ parentId: z.string().min(1), targetUserId: z.string(), targetUserAlias: z.string() }).nullable().default(null),
  }),
  z.object({ intent: z.literal("collect"), postId: z.string().min(1), trackId: z.string().default(""), type: z.enum(["add", "del"]) }),
  z.object({ intent: z.literal("follow"), mp: z.string().min(1), type: z.enum(["add", "del"]) }),
]);
export type Interaction = z.infer<typeof interactionSchema>;

export const INTERACTION_TEXTS = {
  collected: "收藏成功",
  uncollected: "已取消收藏",
  followed: "关注成功",
  unfollowed: "已取消关注",
} as const;

export type InteractionResult = { toast: Toast; commentId?: string };

/** Carries out one interaction for a logged-in visitor; platform refusals come back as their message. */
export async function performInteraction(caller: Caller, interaction: Interaction): Promise<InteractionResult> {
  try {
    switch (interaction.intent) {
      case "comment": {
        const checked = validateComment(interaction.content);
        if (!checked.ok) return { toast: { text: checked.error, kind: "error" } };
        const comment = await postComment(caller, interaction.postId, {
          trackId: interaction.trackId,
          content: checked.text,
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
    }
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "code") return { toast: { text: error.message, kind: "error" } };
    throw error;
  }
}

/** The page an interaction is posted on: the content it acts on, and whether that page has the comment footer. */
export type InteractionPage = { postId: string; commentFooter: boolean };

/**
 * The one interaction action of every page with a comment footer (content detail pages, the dejin clue page):
 * comment and collect where the page has the footer, follow wherever the content has an official account.
 * Without JavaScript it answers with a redirect back (and a toast), or to the login page first.
 */
export async function interactionAction({ request, context }: ActionFunctionArgs, page: InteractionPage) {
  const form = await requireOwnForm(request, context);
  const url = new URL(request.url);
  url.searchParams.delete("reply");
  const back = url.pathname + url.search;

  const parentId = formText(form, "parent_id");
  const parsed = interactionSchema.safeParse({
    intent: formText(form, "intent"),
    postId: page.postId,
    trackId: formText(form, "track_id"),
    content: formText(form, "content"),
    reply: parentId ? { parentId, targetUserId: formText(form, "target_user_id"), targetUserAlias: formText(form, "target_user_alias") } : null,
    mp: formText(form, "mp"),
    type: formText(form, "type"),
  });
  if (!parsed.success || (parsed.data.intent !== "follow" && !page.commentFooter)) {
    return data<InteractionAnswer>({ fieldError: "无效的操作" }, { status: 400 });
  }
  const interaction = parsed.data;
  if (interaction.intent === "comment") {
    const checked = validateComment(interaction.content);
    if (!checked.ok) return data<InteractionAnswer>({ fieldError: checked.error }, { status: 400 });
  }

  const visitor = await getVisitor(request, context);
  if (!visitor.isLoggedIn) {
    // Log in first, then the same action is carried out (see the /auth action).
    await rememberPending(request, context, interaction);
    if (form.get("js") === "1") return data<InteractionAnswer>({ needLogin: true });
    const anchor = interaction.intent === "comment" ? "#comments" : "";
    const login = sitePath(`/auth?redirect=${encodeURIComponent(back + anchor)}`);
    return redirect(redirectLocation(login, context.origin), { headers: await sessionHeaders(context) });
  }

  const result = await performInteraction(callerFor(visitor, request, context), interaction).catch(rethrowAsResponse);
  await flashToast(request, context, result.toast);
  const anchor = result.commentId ? `#c-${result.commentId}` : interaction.intent === "comment" ? "#comments" : "";
  return redirect(redirectLocation(back + anchor, context.origin), { headers: await sessionHeaders(context) });
}
