import type { ActionFunctionArgs, LoaderFunctionArgs, MetaDescriptor } from "@remix-run/node";
import { getAppConfig } from "~/bff/app-config.server";
import { data, redirect } from "@remix-run/node";
import { isMissingContent, rethrowAsResponse, type Caller } from "~/bff/client.server";
import { listComments, listReplies, type Comment } from "~/bff/comments.server";
import { coverOf, getContentDetail, GONE_STATES, LIST_PAGE_SIZE, listFeed, listRelated, type Card, type ContentDetail } from "~/bff/content.server";
import { getFollowed, getUserRelated } from "~/bff/interactions.server";
import { sanitizeRichHtml } from "~/bff/sanitize.server";
import type { BodyExtra, BodyExtras } from "~/components/content/body-props";
import type { BottomLists, DetailPageData } from "~/components/detail/detail-layout";
import { formText, requireOwnForm } from "~/csrf.server";
import type { InteractionAnswer } from "~/hooks/use-login-prompt";
import { ids } from "~/ids.server";
import { interactionSchema, performInteraction } from "~/interactions.server";
import { sitePath } from "~/lib/base-path";
import { canComment, validateComment } from "~/lib/comment-text";
import { linkTarget, contentPath } from "~/lib/content-path";
import { contentTypeEntry, typeOfSegment, type BodyKind, type DetailPage } from "~/lib/content-types";
import { collectPages, pageCount } from "~/lib/pages";
import { redirectLocation } from "~/lib/redirect-target";
import { findReplyTarget } from "~/lib/reply-target";
import { detailShareMeta } from "~/lib/share-meta";
import { canonicalUrl } from "~/lib/share-url";
import { callerFor, flashToast, getVisitor, rememberPending, sessionHeaders } from "~/session.server";

/** The parts of a detail URL: /{actor}/{segment}/{year?}/{month?}/{postId}/{index}; /special/{id}/index has no actor. */
export type DetailParams = { actor?: string; segment: string; postId: string; index: string };

const RELATED_SIZE = 5;

/**
 * The per-type loader hooks that fill a body's `extra` (see BodyExtras in components/content/body-props.ts):
 * one entry per body kind that needs more than the content itself, e.g. an album's items or a special's sections.
 */
type ExtraLoader<K extends keyof BodyExtras> = (caller: Caller, detail: ContentDetail, url: URL) => Promise<BodyExtras[K]>;
const videoOf = async (_caller: Caller, detail: ContentDetail) => (detail.media?.kind === "video" ? detail.media : null);
const EXTRA_LOADERS: { [K in keyof BodyExtras]: ExtraLoader<K> } = {
  video: videoOf,
  svideo: videoOf,
  audio: async (_caller, detail) => (detail.media?.kind === "audio" ? detail.media : null),
};

function loadExtra(body: BodyKind, caller: Caller, detail: ContentDetail, url: URL): Promise<BodyExtra<BodyKind>> {
  const hook = (EXTRA_LOADERS as Partial<Record<BodyKind, (...args: Parameters<ExtraLoader<never>>) => Promise<BodyExtra<BodyKind>>>>)[body];
  return hook ? hook(caller, detail, url) : Promise.resolve(null);
}

/** Side parts of the page degrade to empty rather than failing the page. */
async function optional<T>(promise: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    // Missing content already makes the page a 404; only other failures are worth a log line.
    if (!isMissingContent(error)) console.warn(`${what} unavailable: ${(error as Error).message}`);
    return fallback;
  }
}

/**
 * Spec sections 2 and 5: the segment must be one the site knows, the last segment the one its page requires
 * ('index.html'; 'index' for special topics) and the id must decode. Anything else is a 404 before any upstream call.
 */
function requireDetailUrl({ segment, postId, index }: DetailParams): DetailPage {
  const known = typeOfSegment(segment);
  if (!known || index !== known.page.index || ids.decode(postId) === null) throw data(null, { status: 404 });
  return known.page;
}

const notFound = () => data(null, { status: 404 });

/**
 * What the detail route's loader gives the page: the layout's data and the page's share metadata, built here so
 * that the builder stays out of the page's JavaScript.
 */
export type DetailLoaderData = DetailPageData & { share: MetaDescriptor[] };

export async function loadDetail({ request, context }: LoaderFunctionArgs, params: DetailParams): Promise<DetailLoaderData> {
  const requested = requireDetailUrl(params);
  const { postId } = params;
  const url = new URL(request.url);
  const visitor = await getVisitor(request, context);
  const caller = callerFor(visitor, request, context);
  const commentPages = pageCount(url.searchParams.get("cpage"));
  const hotPages = pageCount(url.searchParams.get("hpage"));
  const recommendPages = pageCount(url.searchParams.get("rpage"));
  const expanded = url.searchParams.get("expand");
  const emptyPage = { list: [] as Card[], total: 0 };

  // The side lists start with the detail, for the layout the requested segment promises; a wrong segment redirects anyway.
  const [detail, comments, related, hot, recommended] = await Promise.all([
    getContentDetail(caller, postId).catch(rethrowAsResponse),
    requested.layout.bottomLists
      ? optional(collectPages(commentPages, (page) => listComments(caller, postId, page)), { list: [] as Comment[], total: 0 }, "comments")
      : null,
    requested.layout.bottomLists ? optional(listRelated(caller, postId, RELATED_SIZE), [], "related") : null,
    requested.layout.bottomLists
      ? optional(collectPages(hotPages, (page) => listFeed(caller, "hot72", page, LIST_PAGE_SIZE, postId)), emptyPage, "hot list")
      : null,
    requested.layout.bottomLists
      ? optional(collectPages(recommendPages, (page) => listFeed(caller, "recommend", page, LIST_PAGE_SIZE, postId)), emptyPage, "recommendations")
      : null,
  ]);
  if (GONE_STATES.includes(detail.state)) throw notFound();

  if (detail.content_type === "link") {
    // Link content opens its target; one that is not http(s) is never followed.
    const target = linkTarget(detail);
    if (!target) throw notFound();
    throw redirect(target, 302);
  }
  const page = contentTypeEntry(detail.content_type)?.page;
  if (!page) throw notFound();
  if (page.segment !== params.segment) {
    // The id belongs to another type: its own page is the address to keep (301), with the same query.
    throw redirect(redirectLocation(sitePath(contentPath(detail, params.actor)) + url.search, context.origin), 301);
  }

  let bottom: BottomLists | null = null;
  if (comments && related && hot && recommended) {
    // 'Expand N replies' without JavaScript: the chosen comment's replies come with the page.
    if (expanded && comments.list.some((c) => c.gid === expanded)) {
      const replies = await optional(listReplies(caller, postId, expanded), null, "replies");
      if (replies) comments.list = comments.list.map((c) => (c.gid === expanded ? { ...c, replys: replies.list } : c));
    }
    bottom = {
      related,
      comments: { ...comments, pages: commentPages, expanded },
      commentsOpen: canComment(detail),
      hot: { ...hot, pages: hotPages },
      recommended: { ...recommended, pages: recommendPages },
    };
  }

  // Spec section 4: collect state comes from the user-related lookup; a non-zero code there just stops.
  const [userRelated, followed, extra, config] = await Promise.all([
    visitor.isLoggedIn && page.layout.commentFooter ? optional(getUserRelated(caller, detail.content_type, postId), null, "user-related") : null,
    visitor.isLoggedIn && detail.mp ? optional(getFollowed(caller, detail.mp), null, "follow state") : null,
    loadExtra(page.body, caller, detail, url),
    // The site name and description of the share metadata; the root loader has just read the same (cached) config.
    optional(getAppConfig(caller), null, "app config"),
  ]);

  const html = detail.content ? await sanitizeRichHtml(detail.content, `${detail.post_id}:${detail.version}`).catch(rethrowAsResponse) : "";
  const content = {
    post_id: detail.post_id,
    content_type: detail.content_type,
    title: detail.title,
    summary: detail.summary,
    source_alias: detail.source_alias,
    mp_name: detail.mp_name,
    publish_at: detail.publish_at,
    view_count: detail.view_count,
    duration_str: detail.duration_str,
    pic_num: detail.pic_num,
    album_status: detail.album_status,
    cover: coverOf(detail),
    // The address shared as og:video / og:audio and JSON-LD contentUrl: the MP4 (or audio file), else the HLS playlist.
    media_url: detail.media_url || detail.hls_url,
    html,
  };
  // One address per content, whichever of its URLs was asked for (with or without year and month, /special/{id}/index).
  const canonical = canonicalUrl(new URL(sitePath(contentPath(detail, params.actor)) + url.search, context.origin));

  // Only what the page renders travels to the browser (the loader data is serialized into the HTML).
  return {
    body: page.body,
    layout: page.layout,
    content,
    extra,
    follow: detail.mp ? { mp: detail.mp, isFollowed: followed?.is_followed ?? false } : null,
    footer: page.layout.commentFooter
      ? {
          track_id: detail.track_id,
          like_count: detail.like_count,
          collect_count: detail.collect_count,
          commentsOpen: canComment(detail),
          isCollected: userRelated?.is_collect ?? false,
          // Reply mode without JavaScript: ?reply=<comment id> names the comment or reply being answered.
          replyTarget: findReplyTarget(comments?.list ?? [], url.searchParams.get("reply")),
        }
      : null,
    bottom,
    share: detailShareMeta({ content, canonical, site: { name: config?.siteName ?? "", description: config?.siteDescription ?? "" } }),
    now: new Date().toISOString(),
  };
}

/**
 * The one interaction action of every detail page: comment and collect where the type has a comment footer,
 * follow wherever the content has an official account. Without JavaScript it answers with a redirect back
 * (and a toast), or to the login page first.
 */
export async function detailAction({ request, context }: ActionFunctionArgs, params: DetailParams) {
  const requested = requireDetailUrl(params);
  const form = await requireOwnForm(request, context);
  const url = new URL(request.url);
  url.searchParams.delete("reply");
  const back = url.pathname + url.search;

  const parentId = formText(form, "parent_id");
  const parsed = interactionSchema.safeParse({
    intent: formText(form, "intent"),
    postId: params.postId,
    trackId: formText(form, "track_id"),
    content: formText(form, "content"),
    reply: parentId ? { parentId, targetUserId: formText(form, "target_user_id"), targetUserAlias: formText(form, "target_user_alias") } : null,
    mp: formText(form, "mp"),
    type: formText(form, "type"),
  });
  if (!parsed.success || (parsed.data.intent !== "follow" && !requested.layout.commentFooter)) {
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
