import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { listClues } from "~/bff/clue-report.server";
import { ClueList } from "~/components/dejin/clue-list";
import { pageRequest } from "~/route-support/page-request.server";
import { clueListPageUrl, dejinPaths, type ClueList as ClueListKind } from "~/lib/dejin-paths";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

const STREAM: ClueListKind = { kind: "stream" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller, canonical, pages, now } = await pageRequest(request, context);
  try {
    const clues = await collectPages(pages, (page) => listClues(caller, STREAM, page));
    return { clues, pages, canonical, now };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const first = data?.clues.list[0];
  return pageShareMeta({
    title: "最新爆料",
    description: first ? `${first.reporter.alias}：${first.title}` : "身边的新鲜事，第一时间告诉大目。",
    image: first?.images[0]?.url ?? first?.video?.poster ?? "",
    canonical: data?.canonical ?? "",
    site: siteOf(matches),
  });
};

/** /dejin/content/index: the stream of clues, newest first (clues). */
export default function DejinContent() {
  const { clues, pages, now } = useLoaderData<typeof loader>();
  return (
    <main className="dejin-page">
      <h1 className="dejin-page__title">最新爆料</h1>
      <ClueList
        page={clues}
        pages={pages}
        now={now}
        pageUrl={(page) => clueListPageUrl(STREAM, page)}
        moreHref={(page) => `${dejinPaths.content()}?page=${page}`}
        emptyText="还没有人爆料，身边有新鲜事？打开APP第一个爆料吧"
      />
    </main>
  );
}
