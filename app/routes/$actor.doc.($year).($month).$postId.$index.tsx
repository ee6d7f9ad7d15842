import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { isMissingContent, rethrowAsResponse, sidePart } from "~/bff/client.server";
import { COMMENT_PAGE_SIZE, listComments, listReplies, type Comment } from "~/bff/comments.server";
import { coverOf, getContentDetail, GONE_STATES, LIST_PAGE_SIZE, listFeed, listRelated, type Card } from "~/bff/content.server";
import { getFollowed, getUserRelated } from "~/bff/interactions.server";
import { sanitizeRichHtml } from "~/bff/sanitize.server";
import { formText, requireOwnForm } from "~/csrf.server";
import { interactionSchema, performInteraction } from "~/interactions.server";
import { ArticleView } from "~/components/article-view";
import { ids } from "~/ids.server";
import { sitePath } from "~/lib/base-path";
import { redirectLocation } from "~/lib/redirect-target";
import { canComment, validateComment } from "~/lib/comment-text";
import { findReplyTarget } from "~/lib/reply-target";
import { contentPath } from "~/lib/content-path";
import { collectPages, pageCount } from "~/lib/pages";
import { canonicalUrl } from "~/lib/share-url";
import type { loader as rootLoader } from "~/root";
import { callerFor, flashToast, getVisitor, rememberPending, sessionHeaders } from "~/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

const RELATED_SIZE = 5;

/** Side parts of the page degrade to empty rather than failing the article. */
async function optional<T>(promise: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    // Missing content already makes the page a 404; only other failures are worth a log line.
    if (!isMissingContent(error)) console.warn(`${what} unavailable: ${(error as Error).message}`);
    return fallback;
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = params.postId ?? "";
  // Spec sections 2 and 5: the last segment must be index.html and the id must decode.
  if (params.index !== "index.html" || ids.decode(postId) === null) throw data(null, { status: 404 });

  const url = new URL(request.url);
  const visitor = await getVisitor(request, context);
  const caller = callerFor(visitor, request, context);
  const commentPages = pageCount(url.searchParams.get("cpage"));
  const hotPages = pageCount(url.searchParams.get("hpage"));
  const recommendPages = pageCount(url.searchParams.get("rpage"));
  const expanded = url.searchParams.get("expand");

  const detailPromise = getContentDetail(caller, postId);
  // Comments and lists give up well within the budget: the article is what the visitor came for.
  const side = sidePart(caller);
  const emptyPage = { list: [] as Card[], total: 0 };
  const [detail, comments, related, hot, recommended] = await Promise.all([
    detailPromise.catch(rethrowAsResponse),
    optional(
      collectPages(commentPages, (page) => listComments(side, postId, page)),
      { list: [] as Comment[], total: 0 },
      "comments",
    ),
    optional(listRelated(side, postId, RELATED_SIZE), [], "related"),
    optional(collectPages(hotPages, (page) => listFeed(side, "hot72", page, LIST_PAGE_SIZE)), emptyPage, "hot list"),
    optional(collectPages(recommendPages, (page) => listFeed(side, "recommend", page, LIST_PAGE_SIZE)), emptyPage, "recommendations"),
  ]);
  if (GONE_STATES.includes(detail.state)) throw data(null, { status: 404 });
  if (detail.content_type !== "article") {
    // The id belongs to another content type: send the visitor to that type's page (a link goes to its target).
    const path = contentPath(detail, params.actor);
    throw redirect(/^https?:\/\//i.test(path) ? path : redirectLocation(sitePath(path), context.origin));
  }

  // 'Expand N replies' without JavaScript: the chosen comment's replies come with the page.
  if (expanded && comments.list.some((c) => c.gid === expanded)) {
    const replies = await optional(listReplies(sidePart(caller), postId, expanded), null, "replies");
    if (replies) {
      comments.list = comments.list.map((c) => (c.gid === expanded ? { ...c, replys: replies.list } : c));
    }
  }

  // Spec section 4: collect state comes from the user-related lookup; a non-zero code there just stops.
  const [related_, followed] = visitor.isLoggedIn
    ? await Promise.all([
        optional(getUserRelated(sidePart(caller), detail.content_type, postId), null, "user-related"),
        detail.mp ? optional(getFollowed(sidePart(caller), detail.mp), null, "follow state") : Promise.resolve(null),
      ])
    : [null, null];

  // Only what the page renders travels to the browser (the loader data is serialized into the HTML).
  const article = {
    post_id: detail.post_id,
    title: detail.title,
    summary: detail.summary,
    source_alias: detail.source_alias,
    mp: detail.mp,
    mp_name: detail.mp_name,
    publish_at: detail.publish_at,
    view_count: detail.view_count,
    like_count: detail.like_count,
    collect_count: detail.collect_count,
    track_id: detail.track_id,
  };
  const canonical = canonicalUrl(new URL(url.pathname + url.search, context.origin));
  return {
    article,
    body: await sanitizeRichHtml(detail.content, `${detail.post_id}:${detail.version}`).catch(rethrowAsResponse),
    cover: coverOf(detail),
    canonical,
    commentsOpen: canComment(detail),
    comments: { ...comments, pages: commentPages, expanded },
    // Reply mode without JavaScript: ?reply=<comment id> names the comment or reply being answered.
    replyTarget: findReplyTarget(comments.list, url.searchParams.get("reply")),
    isCollected: related_?.is_collect ?? false,
    isFollowed: followed?.is_followed ?? false,
    related,
    hot: { ...hot, pages: hotPages },
    recommended: { ...recommended, pages: recommendPages },
    pageSize: COMMENT_PAGE_SIZE,
    now: new Date().toISOString(),
  };
}

export type ArticleData = Awaited<ReturnType<typeof loader>>;

/** What the article action answers a script when it does not redirect. */
export type ArticleActionData = { needLogin?: boolean; fieldError?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const postId = params.postId ?? "";
  if (params.index !== "index.html" || ids.decode(postId) === null) throw data(null, { status: 404 });
  const form = await requireOwnForm(request, context);
  const url = new URL(request.url);
  url.searchParams.delete("reply");
  const back = url.pathname + url.search;

  const parentId = formText(form, "parent_id");
  const parsed = interactionSchema.safeParse({
    intent: formText(form, "intent"),
    postId,
    trackId: formText(form, "track_id"),
    content: formText(form, "content"),
    reply: parentId ? { parentId, targetUserId: formText(form, "target_user_id"), targetUserAlias: formText(form, "target_user_alias") } : null,
    mp: formText(form, "mp"),
    type: formText(form, "type"),
  });
  if (!parsed.success) return data<ArticleActionData>({ fieldError: "无效的操作" }, { status: 400 });
  const interaction = parsed.data;
  if (interaction.intent === "comment") {
    const checked = validateComment(interaction.content);
    if (!checked.ok) return data<ArticleActionData>({ fieldError: checked.error }, { status: 400 });
  }

  const visitor = await getVisitor(request, context);
  if (!visitor.isLoggedIn) {
    // Log in first, then the same action is carried out (see the /auth action).
    await rememberPending(request, context, interaction);
    if (form.get("js") === "1") return data<ArticleActionData>({ needLogin: true });
    const anchor = interaction.intent === "comment" ? "#comments" : "";
    const login = sitePath(`/auth?redirect=${encodeURIComponent(back + anchor)}`);
    return redirect(redirectLocation(login, context.origin), { headers: await sessionHeaders(context) });
  }

  const result = await performInteraction(callerFor(visitor, request, context), interaction).catch(rethrowAsResponse);
  await flashToast(request, context, result.toast);
  const anchor = result.commentId ? `#c-${result.commentId}` : interaction.intent === "comment" ? "#comments" : "";
  return redirect(redirectLocation(back + anchor, context.origin), { headers: await sessionHeaders(context) });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const site = matches.find((m) => m.id === "root")?.data?.site;
  if (!page) return [{ title: site?.name || "内容不存在" }];
  const { article, canonical, cover } = page;
  const siteName = site?.name || "精彩内容";
  const description = article.summary || site?.description || "打开APP，查看更多精彩内容";
  const image = cover ? new URL(cover, canonical).href : "";
  return [
    { title: `${article.title} - ${siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: article.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "article:published_time", content: article.publish_at },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: article.title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: article.title,
        description,
        datePublished: article.publish_at,
        mainEntityOfPage: canonical,
        ...(image ? { image: [image] } : {}),
        author: { "@type": "Organization", name: article.mp_name || article.source_alias || siteName },
        publisher: { "@type": "Organization", name: siteName },
      },
    },
  ];
};

export default function ArticlePage() {
  const answer = useActionData<typeof action>() as ArticleActionData | undefined;
  return <ArticleView data={useLoaderData<typeof loader>()} documentResult={answer} />;
}
