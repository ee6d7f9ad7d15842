import { z } from "zod";
import { PlatformError, type Caller } from "~/bff/client.server";
import { postComment, setCollected, setFollowed } from "~/bff/interactions.server";
import { COMMENT_TEXTS, validateComment } from "~/lib/comment-text";
import type { Toast } from "~/session.server";

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
