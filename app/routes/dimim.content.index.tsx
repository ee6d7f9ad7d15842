import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getCirclePost, listCircleReplies, type CircleReply } from "~/bff/circle.server";
import { PagedItems } from "~/components/community/paged-items";
import { PostBody } from "~/components/community/post-body";
import { ReplyItem } from "~/components/community/reply-item";
import { requireQueryId } from "~/route-support/query-id.server";
import { communityPage } from "~/route-support/community-page.server";
import { communityAppOpen } from "~/lib/app-open";
import { communityPageUrls, communityPaths } from "~/lib/community-paths";
import { siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";
import { detailShareMeta } from "~/lib/share-meta";
import { heroPreload } from "~/components/content/hero-picture";
import { readerMediaHero } from "~/components/reader-media";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { communityLinks as links } from "~/components/community/stylesheet";

/** The post's text as its share title and description: one line, at most this many characters. */
const TITLE_LENGTH = 30;
const SUMMARY_LENGTH = 80;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const postId = requireQueryId(request);
  return communityPage(request, context, async (caller, pages) => {
    const [post, replies] = await Promise.all([
      getCirclePost(caller, postId),
      collectPages(pages, (page) => listCircleReplies(caller, postId, page)),
    ]);
    // Built here, so that the builder stays out of the page's JavaScript.
    const preload = heroPreload(readerMediaHero(post));
    return { post, replies, preload, appOpen: communityAppOpen.post(post.post_id) };
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "帖子不存在" }];
  const { post, canonical, preload } = data;
  const text = post.content.replace(/\s+/g, " ").trim();
  const share = detailShareMeta({
    content: {
      content_type: "circle_post",
      title: `${post.author.alias}：${text.slice(0, TITLE_LENGTH)}${text.length > TITLE_LENGTH ? "…" : ""}`,
      summary: text.slice(0, SUMMARY_LENGTH),
      source_alias: post.circle.name,
      mp_name: "",
      publish_at: post.publish_at,
      duration_str: "",
      cover: post.images[0]?.url ?? post.video?.poster ?? "",
      media_url: "",
    },
    canonical,
    site: siteOf(matches),
  });
  return [...share, ...preload];
};

const keyOf = (reply: CircleReply) => reply.reply_id;

/** /dimim/content/index?id=: one circle post (over /circle/v1/api/share/content/detail) and its replies. */
export default function CirclePostPage() {
  const { post, replies, pages, now } = useLoaderData<typeof loader>();
  return (
    <>
      <main className="community">
        <PostBody post={post} now={now} />
        <section className="section" aria-labelledby="replies-title">
          <h2 id="replies-title" className="section__title">
            回复 {replies.total > 0 ? replies.total : ""}
          </h2>
          <PagedItems
            page={replies}
            pages={pages}
            pageUrl={(page) => communityPageUrls.replies(post.post_id, page)}
            moreHref={(page) => `${communityPaths.post(post.post_id)}&page=${page}`}
            keyOf={keyOf}
            render={(reply) => <ReplyItem key={reply.reply_id} reply={reply} now={now} />}
            className="reply-list"
            label="回复"
            emptyText="还没有回复，打开APP抢个沙发吧"
          />
        </section>
      </main>
    </>
  );
}
