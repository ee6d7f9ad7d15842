import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { LIST_PAGE_SIZE, listContent, listGroups, type Card } from "~/bff/content.server";
import { ContentCard } from "~/components/content-card";
import { errorMeta } from "~/components/error-page";
import { LoadMoreLink } from "~/components/load-more-link";
import { useLoadMore } from "~/hooks/use-load-more";
import { collectPages, pageCount } from "~/lib/pages";
import type { loader as rootLoader } from "~/root";
import { callerFor, getVisitor } from "~/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const group = url.searchParams.get("group") ?? "";
  const pages = pageCount(url.searchParams.get("page"));
  const caller = callerFor(await getVisitor(request, context), request, context);
  try {
    const [groups, feed] = await Promise.all([
      listGroups(caller),
      collectPages(pages, (page) => listContent(caller, { gid: group || undefined, page, size: LIST_PAGE_SIZE })),
    ]);
    return { group, groups, pages, pageSize: LIST_PAGE_SIZE, feed, now: new Date().toISOString() };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ error, matches }) => {
  const site = matches.find((m) => m.id === "root")?.data?.site;
  if (error) return errorMeta(error, site?.name);
  const name = site?.name || "精彩内容";
  return [{ title: name }, { name: "description", content: site?.description ?? "" }];
};

const keyOf = (content: Card) => content.post_id;

export default function Home() {
  const { group, groups, pages, pageSize, feed, now } = useLoaderData<typeof loader>();
  const groupQuery = group ? `group=${encodeURIComponent(group)}&` : "";
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({
    initial: feed.list,
    total: feed.total,
    pages,
    pageUrl: (page) => `/api/content?${groupQuery}page=${page}`,
    key: keyOf,
    pageSize,
  });
  return (
    <main className="home">
      <nav className="tabs" aria-label="频道">
        <Link className={group ? "tabs__item" : "tabs__item tabs__item--active"} to="/">
          全部
        </Link>
        {groups.map((g) => (
          <Link
            key={g.gid}
            className={g.gid === group ? "tabs__item tabs__item--active" : "tabs__item"}
            to={`/?group=${encodeURIComponent(g.gid)}`}
          >
            {g.name}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="empty">暂无内容</p>
      ) : (
        <ul className="card-list">
          {items.map((content) => (
            <ContentCard key={content.post_id} content={content} now={now} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <LoadMoreLink href={`/?${groupQuery}page=${nextPage}`} loading={loading} onClick={loadMore} text="加载更多" />
      ) : null}
    </main>
  );
}
