import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getCircleTopic, listCirclePosts, type CirclePost } from "~/bff/circle.server";
import { PagedItems } from "~/components/community/paged-items";
import { PostCard } from "~/components/community/post-card";
import { communityPage } from "~/route-support/community-page.server";
import { ids } from "~/bff/ids.server";
import { communityAppOpen } from "~/lib/app-open";
import { communityPageUrls, communityPaths, topicKeyOf } from "~/lib/community-paths";
import { chineseCount } from "~/lib/count";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";
import { canonicalUrl } from "~/lib/share-url";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { communityLinks as links } from "~/components/community/stylesheet";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A topic link carries its id, or its name (#话题# in a post's text); an id must decode.
  const key = topicKeyOf(new URL(request.url).searchParams);
  if (!key || ("id" in key && ids.decode(key.id) === null)) throw data(null, { status: 404 });
  return communityPage(request, context, async (caller, pages, url) => {
    const topic = await getCircleTopic(caller, key);
    const posts = await collectPages(pages, (page) => listCirclePosts(caller, { kind: "topic", id: topic.topic_id }, page));
    // One address per topic, whichever way the link named it.
    const shared = new URL(url.pathname, context.origin);
    shared.searchParams.set("id", topic.topic_id);
    return { topic, posts, canonical: canonicalUrl(shared), appOpen: communityAppOpen.topic(topic.topic_id) };
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageShareMeta({
    title: data ? `#${data.topic.name}` : "话题不存在",
    description: data?.topic.description ?? "",
    image: data?.topic.cover || data?.posts.list.find((post) => post.images.length > 0)?.images[0]?.url || "",
    canonical: data?.canonical ?? "",
    site: siteOf(matches),
  });

const keyOf = (post: CirclePost) => post.post_id;

/** /dimim/topic/index?id= (or ?name=): a topic and its posts from every circle, newest first. */
export default function CircleTopicPage() {
  const { topic, posts, pages, now } = useLoaderData<typeof loader>();
  return (
    <main className="community">
      <header className="community-topic">
        <h1 className="community-topic__name">#{topic.name}</h1>
        {topic.description ? <p className="community-topic__desc">{topic.description}</p> : null}
        <p className="circle__stats">
          <span>{chineseCount(topic.post_count)}帖子</span>
          <span>{chineseCount(topic.view_count)}浏览</span>
        </p>
      </header>
      <PagedItems
        page={posts}
        pages={pages}
        pageUrl={(page) => communityPageUrls.topicPosts(topic.topic_id, page)}
        moreHref={(page) => `${communityPaths.topic(topic.topic_id)}&page=${page}`}
        keyOf={keyOf}
        render={(post, index) => <PostCard key={post.post_id} post={post} now={now} eager={index === 0} showCircle />}
        className="post-list"
        label="话题帖子"
        emptyText="这个话题还没有帖子，打开APP来聊聊吧"
      />
    </main>
  );
}
