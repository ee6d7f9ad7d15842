import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getCircle, listCirclePosts, type CirclePost } from "~/bff/circle.server";
import { PagedItems } from "~/components/community/paged-items";
import { PostCard } from "~/components/community/post-card";
import { requireQueryId } from "~/route-support/query-id.server";
import { communityPage } from "~/route-support/community-page.server";
import { communityAppOpen } from "~/lib/app-open";
import { communityPageUrls, communityPaths } from "~/lib/community-paths";
import { chineseCount } from "~/lib/count";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { communityLinks as links } from "~/components/community/stylesheet";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const circleId = requireQueryId(request);
  return communityPage(request, context, async (caller, pages) => {
    const [circle, posts] = await Promise.all([
      getCircle(caller, circleId),
      collectPages(pages, (page) => listCirclePosts(caller, { kind: "circle", id: circleId }, page)),
    ]);
    return { circle, posts, appOpen: communityAppOpen.circle(circle.circle_id) };
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageShareMeta({
    title: data?.circle.name ?? "圈子不存在",
    description: data?.circle.description ?? "",
    image: data?.circle.cover ?? "",
    canonical: data?.canonical ?? "",
    site: siteOf(matches),
  });

const keyOf = (post: CirclePost) => post.post_id;

/** /dimim/circle/index?id=: a circle (cover, name, description, counts) and its posts, newest first. */
export default function CirclePage() {
  const { circle, posts, pages, now } = useLoaderData<typeof loader>();
  return (
    <main className="community">
      <header className="circle">
        {circle.cover ? <img className="circle__cover" src={circle.cover} alt="" width={640} height={360} /> : <span className="circle__cover" />}
        <div className="circle__card">
          {circle.avatar ? <img className="circle__avatar" src={circle.avatar} alt="" width={56} height={56} /> : null}
          <h1 className="circle__name">{circle.name}</h1>
          <p className="circle__stats">
            <span>{chineseCount(circle.member_count)}成员</span>
            <span>{chineseCount(circle.post_count)}帖子</span>
          </p>
          {circle.description ? <p className="circle__desc">{circle.description}</p> : null}
        </div>
      </header>
      <h2 className="section__title community__title">最新帖子</h2>
      <PagedItems
        page={posts}
        pages={pages}
        pageUrl={(page) => communityPageUrls.circlePosts(circle.circle_id, page)}
        moreHref={(page) => `${communityPaths.circle(circle.circle_id)}&page=${page}`}
        keyOf={keyOf}
        render={(post, index) => <PostCard key={post.post_id} post={post} now={now} eager={index === 0} />}
        className="post-list"
        label="圈子帖子"
        emptyText="圈子里还没有帖子，打开APP发第一帖吧"
      />
    </main>
  );
}
