import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { collectTitledPages, contentModelQuery, getContentModel } from "~/bff/lists.server";
import { TitledListPage } from "~/components/titled-list-page";
import { isIndexSegment } from "~/lib/index-segment";
import { titledListMeta } from "~/lib/page-share-meta";
import { pageCount } from "~/lib/pages";
import { canonicalUrl } from "~/lib/share-url";
import { pageNow } from "~/lib/relative-date";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = contentModelQuery(url);
  if (!isIndexSegment(params.index) || !query) throw data(null, { status: 404 });
  const pages = pageCount(url.searchParams.get("page"));
  const caller = await context.caller();
  try {
    const { head, cards } = await collectTitledPages(pages, (page) => getContentModel(caller, { ...query, page }));
    const canonical = new URL(url.pathname, context.origin);
    canonical.searchParams.set("id", query.id);
    if (query.group) canonical.searchParams.set("group", query.group);
    return {
      id: query.id,
      title: head.title,
      description: head.description,
      groups: head.groups,
      group: head.group,
      cards,
      canonical: canonicalUrl(canonical),
      now: pageNow(),
    };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) =>
  titledListMeta(page, matches.find((m) => m.id === "root")?.data?.site);

export default function ContentModelPage() {
  const { id, title, description, groups, group, cards, now } = useLoaderData<typeof loader>();
  const base = `?id=${encodeURIComponent(id)}`;
  const groupQuery = group ? `&group=${encodeURIComponent(group)}` : "";
  return (
    <TitledListPage
      key={group}
      title={title}
      description={description}
      cards={cards}
      pageUrl={(page) => `/api/content-model${base}${groupQuery}&page=${page}`}
      now={now}
      emptyText="这个分组还没有内容"
    >
      {groups.length > 1 ? (
        <nav className="tabs" aria-label="分组">
          {groups.map((g) => (
            <Link
              key={g.gid}
              className={g.gid === group ? "tabs__item tabs__item--active" : "tabs__item"}
              aria-current={g.gid === group ? "page" : undefined}
              to={`${base}&group=${encodeURIComponent(g.gid)}`}
              preventScrollReset
            >
              {g.name}
            </Link>
          ))}
        </nav>
      ) : null}
    </TitledListPage>
  );
}
