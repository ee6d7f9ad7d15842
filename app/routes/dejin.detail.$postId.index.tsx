import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getAppConfig } from "~/bff/app-config.server";
import { rethrowAsResponse, sidePart } from "~/bff/client.server";
import { getClue, listRelatedClues, type Clue } from "~/bff/clue-report.server";
import { listCommentPages, type Comment } from "~/bff/comments.server";
import { getUserRelated } from "~/bff/engagement.server";
import { ClueBody } from "~/components/dejin/clue-body";
import { ClueCard } from "~/components/dejin/clue-card";
import { CommentFooter } from "~/components/detail/comment-footer";
import { CommentList } from "~/components/detail/comment-list";
import { pageRequest } from "~/route-support/page-request.server";
import { personalPart, personalPartKind } from "~/render/personal.server";
import type { InteractionAnswer } from "~/hooks/use-login-prompt";
import { ids } from "~/bff/ids.server";
import { interactionAction } from "~/route-support/interaction-action.server";
import { dejinAppOpen } from "~/lib/app-open";
import { canComment } from "~/lib/comment-text";
import { pageCount } from "~/lib/pages";
import { findReplyTarget } from "~/lib/reply-target";
import { detailShareMeta } from "~/lib/share-meta";
import { heroPreload } from "~/components/content/hero-picture";
import { readerMediaHero } from "~/components/reader-media";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** Spec section 5: the id must decode; anything else is a 404 before any upstream call. */
function requirePostId(params: LoaderFunctionArgs["params"]): string {
  const postId = params.postId ?? "";
  if (ids.decode(postId) === null) throw data(null, { status: 404 });
  return postId;
}

/** The clue's own text as its share description: one line, at most this many characters. */
const SUMMARY_LENGTH = 80;

/** The visitor's part of a clue's page: whether they collected it. */
const cluePart = personalPartKind(async (context, { postId }: { postId: string }) => {
  const loggedIn = (await context.visitor.read()).isLoggedIn;
  const userRelated = loggedIn ? await getUserRelated(sidePart(await context.caller()), "clue_report", postId).catch(() => null) : null;
  return { isCollected: userRelated?.is_collect ?? false };
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = requirePostId(params);
  const { caller, url, canonical, now } = await pageRequest(request, context);
  const commentPages = pageCount(url.searchParams.get("cpage"));
  const expanded = url.searchParams.get("expand");
  // The clue decides the page (a missing one is a 404); its side parts degrade to empty, within the side budget.
  const side = sidePart(caller);
  const [clue, related, comments, personal, config] = await Promise.all([
    getClue(caller, postId).catch(rethrowAsResponse),
    listRelatedClues(side, postId).catch((): Clue[] => []),
    listCommentPages(side, postId, commentPages, expanded).catch(() => ({ list: [] as Comment[], total: 0 })),
    personalPart(context, cluePart, { postId }),
    getAppConfig(side).catch(() => null),
  ]);
  const cover = clue.images[0]?.url ?? clue.video?.poster ?? "";
  const share = detailShareMeta({
    content: {
      content_type: clue.content_type,
      title: clue.title,
      summary: clue.content.replace(/\s+/g, " ").slice(0, SUMMARY_LENGTH),
      source_alias: clue.reporter.alias,
      mp_name: "",
      publish_at: clue.publish_at,
      duration_str: "",
      cover,
      media_url: clue.video?.url ?? "",
    },
    // Comment pages, expanded replies and reply mode are views of the same clue.
    canonical: canonical.split("?")[0],
    site: { name: config?.siteName ?? "", description: config?.siteDescription ?? "" },
  });
  return {
    clue,
    related,
    comments: { ...comments, pages: commentPages, expanded },
    footer: {
      track_id: clue.track_id,
      like_count: clue.like_count,
      collect_count: clue.collect_count,
      commentsOpen: canComment(clue),
      // Reply mode without JavaScript: ?reply=<comment id> names the comment or reply being answered.
      replyTarget: findReplyTarget(comments.list, url.searchParams.get("reply")),
    },
    share: [...share, ...heroPreload(readerMediaHero(clue))],
    now,
    appOpen: dejinAppOpen.detail(clue.post_id),
    personal,
  };
}

/** The same interaction action as the content detail pages: comment and collect here, and log in first when needed. */
export const action = (args: ActionFunctionArgs) => interactionAction(args, { postId: requirePostId(args.params), commentFooter: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => page?.share ?? [{ title: "爆料不存在" }];

export default function DejinDetail() {
  const { clue, related, comments, footer, now, personal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as InteractionAnswer | undefined;
  return (
    <>
      <main className="detail detail--with-footer dejin-detail">
        <ClueBody clue={clue} now={now} />
        {related.length > 0 ? (
          <section className="section" aria-labelledby="related-title">
            <h2 id="related-title" className="section__title">
              相关爆料
            </h2>
            <ul className="clue-list">
              {related.map((item) => (
                <ClueCard key={item.post_id} clue={item} now={now} />
              ))}
            </ul>
          </section>
        ) : null}
        <CommentList postId={clue.post_id} open={footer.commentsOpen} comments={comments} now={now} appOffered />
      </main>
      <CommentFooter {...footer} kind="default" personal={personal} documentResult={answer} />
    </>
  );
}
