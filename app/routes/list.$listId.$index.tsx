import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { collectTitledPages, getList } from "~/bff/lists.server";
import { TitledListPage } from "~/components/titled-list-page";
import { ids } from "~/bff/ids.server";
import { isIndexSegment } from "~/lib/index-segment";
import { titledListMeta } from "~/lib/page-share-meta";
import { pageCount } from "~/lib/pages";
import { canonicalUrl } from "~/lib/share-url";
import { pageNow } from "~/lib/relative-date";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const listId = params.listId ?? "";
  // Spec section 2: a route id must decode.
  if (!isIndexSegment(params.index) || ids.decode(listId) === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const pages = pageCount(url.searchParams.get("page"));
  const caller = await context.caller();
  try {
    const { head, cards } = await collectTitledPages(pages, (page) => getList(caller, listId, page));
    return {
      listId,
      title: head.title,
      description: head.description,
      cards,
      canonical: canonicalUrl(new URL(url.pathname, context.origin)),
      now: pageNow(),
    };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) =>
  titledListMeta(page, matches.find((m) => m.id === "root")?.data?.site);

export default function ListPage() {
  const { listId, title, description, cards, now } = useLoaderData<typeof loader>();
  return (
    <TitledListPage
      title={title}
      description={description}
      cards={cards}
      pageUrl={(page) => `/api/list/${encodeURIComponent(listId)}?page=${page}`}
      now={now}
      emptyText="这里还没有内容，过段时间再来看看吧"
    />
  );
}
