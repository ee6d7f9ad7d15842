import { createHash } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaDescriptor } from "@remix-run/node";
import { listAlbumItems } from "~/bff/album.server";
import { getLiveInfo, getLivePlace, getLiveWeather, listLiveMessages, listLivePosts, resumePointOf } from "~/bff/live.server";
import { getAppConfig } from "~/bff/app-config.server";
import { data, redirect } from "@remix-run/node";
import { isMissingContent, rethrowAsResponse, sidePart, type Caller } from "~/bff/client.server";
import { listCommentPages, type Comment } from "~/bff/comments.server";
import {
  coverOf,
  coverWebpOf,
  getContentDetail,
  GONE_STATES,
  LIST_PAGE_SIZE,
  listFeed,
  listRelated,
  type Card,
  type ContentDetail,
} from "~/bff/content.server";
import { getFollowed, getUserRelated } from "~/bff/engagement.server";
import { getPreviewDetail } from "~/bff/preview.server";
import { sanitizeRichHtml } from "~/bff/sanitize.server";
import { getSpecial } from "~/bff/special.server";
import type { AlbumEpisodes, BodyExtra, BodyExtras, LiveRoom } from "~/components/content/body-props";
import type { BottomLists, CommentSection, DetailPageData, DetailPersonal } from "~/components/detail/detail-layout";
import { ids } from "~/bff/ids.server";
import { interactionAction } from "~/route-support/interaction-action.server";
import { env } from "~/runtime/env.server";
import { itemFlagsOf, type ItemFlags } from "~/lib/item-flags";
import { APP_OPEN_HASH, contentAppOpen, type AppOpenParams } from "~/lib/app-open";
import { docDetailOf } from "~/lib/change-route";
import { sitePath } from "~/lib/base-path";
import { languageOfPath, pathInLanguage } from "~/lib/languages";
import { canComment } from "~/lib/comment-text";
import { contentPath, contentTarget } from "~/lib/content-path";
import { contentTypeEntry, typeOfSegment, type BodyKind, type DetailPage } from "~/lib/content-types";
import { collectPages, pageCount } from "~/lib/pages";
import { isPreviewActor, isPreviewDetail, PREVIEW_HEADERS, PREVIEW_INDEX, PREVIEW_PARAM, previewDeadline, previewReloadTarget } from "~/lib/preview";
import { redirectLocation } from "~/lib/redirect-target";
import { pageNow } from "~/lib/relative-date";
import { findReplyTarget } from "~/lib/reply-target";
import { heroPictureOf, heroPreload } from "~/components/content/hero-picture";
import { detailShareMeta } from "~/lib/share-meta";
import { canonicalUrl } from "~/lib/share-url";
import { dependsOnVisitor, personalPart, personalPartKind } from "~/render/personal.server";
import { logger } from "~/runtime/logger.server";

/** The parts of a detail URL: /{actor}/{segment}/{year?}/{month?}/{postId}/{index}; /special/{id}/index has no actor. */
export type DetailParams = { actor?: string; segment: string; postId: string; index: string };

const RELATED_SIZE = 5;

/** One entry per body kind that needs more than the content itself (BodyExtras in components/content/body-props.ts). */
type ExtraLoader<K extends keyof BodyExtras> = (caller: Caller, detail: ContentDetail, url: URL) => Promise<BodyExtras[K]>;
const videoOf = async (_caller: Caller, detail: ContentDetail) => (detail.media?.kind === "video" ? detail.media : null);
const EXTRA_LOADERS: { [K in keyof BodyExtras]: ExtraLoader<K> } = {
  video: videoOf,
  svideo: videoOf,
  audio: async (_caller, detail) => (detail.media?.kind === "audio" ? detail.media : null),
  gallery: async (_caller, detail) => ({ pictures: detail.images }),
  audio_album: loadAlbumEpisodes,
  video_album: loadAlbumEpisodes,
  mini_program: async (_caller, detail) => detail.mini_program,
  special: async (caller, detail) => {
    const special = await getSpecial(caller, detail.post_id).catch(rethrowAsResponse);
    return { sections: special.sections };
  },
  local_live: loadLiveRoom,
};

/** An album's episodes: as many pages as ?apage= asks (load-more without JavaScript), and ?play= if it names one of them. */
async function loadAlbumEpisodes(caller: Caller, detail: ContentDetail, url: URL): Promise<AlbumEpisodes> {
  const pages = pageCount(url.searchParams.get("apage"));
  const { list, total } = await collectPages(pages, (page) => listAlbumItems(caller, detail.post_id, page)).catch(rethrowAsResponse);
  const play = url.searchParams.get("play");
  return { items: list, total, pages, playing: list.some((item) => item.post_id === play) ? play : null };
}

/**
 * The posts, chat and place are side parts: the page stands without them. The page's stream starts after `resumeFrom`, so
 * nothing said between the render and the stream's start is lost.
 */
async function loadLiveRoom(caller: Caller, detail: ContentDetail): Promise<LiveRoom | null> {
  if (!detail.live_id) return null;
  const liveId = detail.live_id;
  const side = sidePart(caller);
  const emptyPage = { list: [], has_more: false, last_event_id: null };
  const [info, posts, messages] = await Promise.all([
    getLiveInfo(caller, liveId).catch(rethrowAsResponse),
    optional(listLivePosts(side, liveId), emptyPage, "live posts"),
    optional(listLiveMessages(side, liveId), emptyPage, "live chat"),
  ]);
  const [place, weather] = info.lbs_id
    ? await Promise.all([
        optional(getLivePlace(side, info.lbs_id), null, "live place"),
        optional(getLiveWeather(side, info.lbs_id), null, "live weather"),
      ])
    : [null, null];
  return { info, posts, messages, place, weather, resumeFrom: resumePointOf(posts, messages) };
}

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
    if (!isMissingContent(error)) logger.warn(`${what} unavailable: ${(error as Error).message}`);
    return fallback;
  }
}

/**
 * Spec sections 2 and 5: an unknown segment, a wrong last segment or (except in preview mode) an id that does not decode
 * is a 404 before any upstream call.
 */
function requireDetailUrl(params: DetailParams, preview: boolean): DetailPage {
  const known = typeOfSegment(params.segment);
  const index = preview && params.index === PREVIEW_INDEX ? known?.page.index : params.index;
  if (!known || index !== known.page.index || (!preview && ids.decode(params.postId) === null)) throw notFound(preview);
  return known.page;
}

/** Every preview answer, 404s and redirects included, is private to the link's holder and kept out of search engines. */
const notFound = (preview = false) => data(null, { status: 404, headers: preview ? PREVIEW_HEADERS : undefined });

/**
 * A draft through its preview link (the `preview` query parameter). A link the platform refuses shows nothing of
 * the draft (404); one whose time is up is the "preview expired" page (410).
 */
async function readDraft(caller: Caller, postId: string, url: URL): Promise<ContentDetail> {
  const result = await getPreviewDetail(caller, postId, url.searchParams.get(PREVIEW_PARAM) ?? "").catch(rethrowAsResponse);
  if (result.kind === "missing") throw notFound(true);
  if (result.kind === "expired") throw data({ expired_at: result.expired_at }, { status: 410, headers: PREVIEW_HEADERS });
  return result.detail;
}

/** The visitor's part of a detail page: whether they collected the content and follow its account, when it shows either. */
const detailPart = personalPartKind(
  async (context, input: { contentType: string; postId: string; mp: string; collects: boolean; follows: boolean }): Promise<DetailPersonal> => {
    if (!(await context.visitor.read()).isLoggedIn) return { isCollected: false, isFollowed: false };
    const ownSide = sidePart(await context.caller());
    const [userRelated, followed] = await Promise.all([
      input.collects ? optional(getUserRelated(ownSide, input.contentType, input.postId), null, "user-related") : null,
      input.follows ? optional(getFollowed(ownSide, input.mp), null, "follow state") : null,
    ]);
    return { isCollected: userRelated?.is_collect ?? false, isFollowed: followed?.is_followed ?? false };
  },
);

export type DetailLoaderData = DetailPageData & { share: MetaDescriptor[]; appOpen: AppOpenParams | null; itemFlags: ItemFlags };

export async function loadDetail({ request, context }: LoaderFunctionArgs, params: DetailParams): Promise<DetailLoaderData> {
  const preview = isPreviewDetail(params);
  const requested = requireDetailUrl(params, preview);
  const { postId } = params;
  const url = new URL(request.url);
  if (preview) {
    // Spec section 2's reload rule, on the server so that it also holds without JavaScript.
    const reload = previewReloadTarget(url.pathname + url.search, Date.now());
    if (reload) throw redirect(redirectLocation(reload, context.origin), { status: 302, headers: PREVIEW_HEADERS });
  }
  const caller = await context.caller();
  const commentPages = pageCount(url.searchParams.get("cpage"));
  const hotPages = pageCount(url.searchParams.get("hpage"));
  const recommendPages = pageCount(url.searchParams.get("rpage"));
  const expanded = url.searchParams.get("expand");
  const emptyPage = { list: [] as Card[], total: 0 };
  // A draft has no comments, related reading or place in the lists, and a preview shows none of them.
  const bottomLists = requested.layout.bottomLists && !preview;
  const commentList = requested.layout.commentList && !preview;

  // The side lists start with the detail, for the layout the requested segment promises; a wrong segment redirects anyway.
  // Comments and lists give up well within the budget: the content is what the visitor came for.
  const side = sidePart(caller);
  const [detail, comments, related, hot, recommended] = await Promise.all([
    preview ? readDraft(caller, postId, url) : getContentDetail(caller, postId).catch(rethrowAsResponse),
    commentList ? optional(listCommentPages(side, postId, commentPages, expanded), { list: [] as Comment[], total: 0 }, "comments") : null,
    bottomLists ? optional(listRelated(side, postId, RELATED_SIZE), [], "related") : null,
    bottomLists
      ? optional(
          collectPages(hotPages, (page) => listFeed(side, "hot72", page, LIST_PAGE_SIZE, postId)),
          emptyPage,
          "hot list",
        )
      : null,
    bottomLists
      ? optional(
          collectPages(recommendPages, (page) => listFeed(side, "recommend", page, LIST_PAGE_SIZE, postId)),
          emptyPage,
          "recommendations",
        )
      : null,
  ]);
  if (GONE_STATES.includes(detail.state)) throw notFound(preview);

  const { page, app: appKind } = contentTypeEntry(detail.content_type) ?? {};
  if (!page) {
    // Content without a page (link, h5, topic, live, a type the site does not know…) opens where its cards lead;
    // where that is only the app's dialog, there is nothing to send the visitor to.
    const target = contentTarget(detail);
    if (target === APP_OPEN_HASH) throw notFound(preview);
    const location = target.startsWith("/") ? redirectLocation(sitePath(target), context.origin) : target;
    throw redirect(location, { status: 302, headers: preview ? PREVIEW_HEADERS : undefined });
  }
  if (page.segment !== params.segment) {
    if (preview) {
      // A draft of another type: its own preview page, for now only (302); the actor keeps it a preview.
      const actor = isPreviewActor(params.actor) ? params.actor : `preview-${params.actor ?? "editor"}`;
      throw redirect(redirectLocation(sitePath(contentPath(detail, actor)) + url.search, context.origin), { status: 302, headers: PREVIEW_HEADERS });
    }
    // The id belongs to another type: its own page is the address to keep (301), with the same query.
    throw redirect(redirectLocation(sitePath(contentPath(detail, params.actor)) + url.search, context.origin), 301);
  }

  const itemFlags = itemFlagsOf(detail, env.appLaunch.scheme);
  const commentSection: CommentSection | null = comments ? { ...comments, pages: commentPages, expanded, open: canComment(detail) } : null;
  let bottom: BottomLists | null = null;
  if (related && hot && recommended) {
    bottom = { related, hot: { ...hot, pages: hotPages }, recommended: { ...recommended, pages: recommendPages } };
  }

  // A live broadcast's info carries the visitor's booking: its page is theirs alone.
  if (page.body === "local_live") dependsOnVisitor(context);
  // Spec section 4: collect state comes from the user-related lookup; a non-zero code there just stops.
  // What the visitor's part needs of the content, apart from it: made again for every visitor of a stored page.
  const { content_type: contentType, mp } = detail;
  const collects = page.layout.commentFooter && !preview;
  const follows = Boolean(mp) && !preview;
  const [personal, extra, config] = await Promise.all([
    personalPart(context, detailPart, { contentType, postId, mp, collects, follows }),
    loadExtra(page.body, caller, detail, url),
    // The site name and description of the share metadata; the root loader has just read the same (cached) config.
    optional(getAppConfig(side), null, "app config"),
  ]);

  // A draft changes without a new version: its sanitized text is kept under a key its own text makes.
  const sanitizeKey = preview ? `draft:${createHash("sha256").update(detail.content).digest("base64url")}` : `${detail.post_id}:${detail.version}`;
  const html = detail.content ? await sanitizeRichHtml(detail.content, sanitizeKey).catch(rethrowAsResponse) : "";
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
    coverWebp: coverWebpOf(detail),
    // The address shared as og:video / og:audio and JSON-LD contentUrl: the MP4 (or audio file), else the HLS playlist.
    media_url: detail.media_url || detail.hls_url,
    html,
  };
  // Each language has its own address (docs/languages.md).
  const language = languageOfPath(url.pathname);
  // One address per content, whichever of its URLs was asked for (with or without year and month, /special/{id}/index).
  // A preview's points at the content's public address: its link (the token) must never travel in share metadata.
  const canonical = preview
    ? new URL(pathInLanguage(sitePath(contentPath(detail)), language), context.origin).href
    : canonicalUrl(new URL(pathInLanguage(sitePath(contentPath(detail, params.actor)), language) + url.search, context.origin));

  const now = new Date();
  const share = detailShareMeta({
    content,
    canonical,
    site: { name: config?.siteName ?? "", description: config?.siteDescription ?? "" },
    pictures: detail.images,
  });
  const head = [...share, ...heroPreload(heroPictureOf(page.body, content, extra))];
  // Only what the page renders travels to the browser (the loader data is serialized into the HTML).
  return {
    body: page.body,
    layout: page.layout,
    content,
    extra,
    follow: follows ? { mp } : null,
    // A preview writes nothing: no comment footer, no follow control.
    footer:
      page.layout.commentFooter && !preview
        ? {
            track_id: detail.track_id,
            like_count: detail.like_count,
            collect_count: detail.collect_count,
            commentsOpen: canComment(detail),
            // Reply mode without JavaScript: ?reply=<comment id> names the comment or reply being answered.
            replyTarget: findReplyTarget(comments?.list ?? [], url.searchParams.get("reply")),
          }
        : null,
    comments: commentSection,
    bottom,
    docDetail: docDetailOf(detail, { canonical, segment: page.segment }),
    parentOrigins: env.FRAME_PARENT_ORIGINS,
    share: preview ? [...head, { name: "robots", content: "noindex" }] : head,
    // What "open the app" hands the app (spec section 3), so it lands on this content; nothing where it asks for no app.
    appOpen: appKind && !preview && itemFlags.appOffered ? contentAppOpen(detail, appKind.stype, canonical) : null,
    itemFlags,
    preview: preview
      ? { expired_at: new Date(previewDeadline(detail.expired_at, now.getTime())).toISOString(), rendered_at: now.toISOString() }
      : null,
    now: pageNow(now.getTime()),
    personal,
  };
}

/** The detail page's action: the one interaction action (app/route-support/interaction-action.server.ts), for a URL that names a page. */
export async function detailAction(args: ActionFunctionArgs, params: DetailParams) {
  // A preview writes nothing; its URLs are not action targets.
  if (isPreviewDetail(params)) throw notFound(true);
  const requested = requireDetailUrl(params, false);
  return interactionAction(args, { postId: params.postId, commentFooter: requested.layout.commentFooter, live: requested.body === "local_live" });
}
