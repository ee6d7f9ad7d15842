import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { listRecommendedTopics, type Topic } from "~/bff/clue-report.server";
import { LoadMoreLink } from "~/components/load-more-link";
import { pageRequest } from "~/route-support/page-request.server";
import { useLoadMore } from "~/hooks/use-load-more";
import { chineseCount } from "~/lib/count";
import { dejinPaths } from "~/lib/dejin-paths";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller, canonical, pages } = await pageRequest(request, context);
  try {
    const topics = await collectPages(pages, (page) => listRecommendedTopics(caller, page));
    return { topics, pages, canonical };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageShareMeta({
    title: "爆料话题",
    description: "路上的新鲜事、身边的烦心事，选个话题告诉大目。",
    image: data?.topics.list[0]?.cover ?? "",
    canonical: data?.canonical ?? "",
    site: siteOf(matches),
  });

const keyOf = (topic: Topic) => topic.topic_name;

/** /dejin/catalog/index: the recommended tip-off topics (recommend_topics). */
export default function DejinCatalog() {
  const { topics, pages } = useLoaderData<typeof loader>();
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({
    initial: topics.list,
    total: topics.total,
    pages,
    pageUrl: (page) => `/api/dejin/topics?page=${page}`,
    key: keyOf,
  });
  return (
    <main className="dejin-page">
      <h1 className="dejin-page__title">爆料话题</h1>
      {items.length === 0 ? (
        <p className="empty">暂无推荐话题，去看看最新爆料吧</p>
      ) : (
        <ul className="topic-list">
          {items.map((topic) => (
            <li key={topic.topic_name} className="topic-card">
              <Link className="topic-card__link" to={dejinPaths.topic(topic.topic_name)}>
                {topic.cover ? (
                  <img className="topic-card__cover" src={topic.cover} alt="" width={96} height={64} loading="lazy" decoding="async" />
                ) : null}
                <span className="topic-card__text">
                  <strong className="topic-card__name">#{topic.topic_title}</strong>
                  <span className="topic-card__desc">{topic.description}</span>
                  <span className="topic-card__meta">
                    {topic.clue_count}条爆料 · {chineseCount(topic.view_sum)}阅读
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore ? <LoadMoreLink href={`${dejinPaths.catalog()}?page=${nextPage}`} loading={loading} onClick={loadMore} text="加载更多" /> : null}
    </main>
  );
}
