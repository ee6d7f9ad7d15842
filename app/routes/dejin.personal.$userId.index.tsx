import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { getReporter, listClues } from "~/bff/clue-report.server";
import { ClueList } from "~/components/dejin/clue-list";
import { pageRequest } from "~/route-support/page-request.server";
import { ids } from "~/bff/ids.server";
import { dejinAppOpen } from "~/lib/app-open";
import { chineseCount } from "~/lib/count";
import { clueListPageUrl, dejinPaths, type ClueList as ClueListKind } from "~/lib/dejin-paths";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** The two lists of a reporter's page: their own clues, and the clues that mention them (?tab=at). */
const AT_TAB = "at";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const userId = params.userId ?? "";
  if (ids.decode(userId) === null) throw data(null, { status: 404 });
  const { caller, url, canonical, pages, now } = await pageRequest(request, context);
  const mentions = url.searchParams.get("tab") === AT_TAB;
  const list: ClueListKind = mentions ? { kind: "mentions", userId } : { kind: "reporter", userId };
  try {
    const [reporter, clues] = await Promise.all([getReporter(caller, userId), collectPages(pages, (page) => listClues(caller, list, page))]);
    return { reporter, list, mentions, clues, pages, canonical, now, appOpen: dejinAppOpen.personal(reporter.user_id) };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageShareMeta({
    title: data ? `${data.reporter.alias}的爆料` : "爆料人不存在",
    description: data?.reporter.intro ?? "",
    image: data?.reporter.avatar ?? "",
    canonical: data?.canonical ?? "",
    site: siteOf(matches),
  });

/** /dejin/personal/{user_id}/index: a reporter, their clues and the clues that mention them (at_ta_clues). */
export default function DejinPersonal() {
  const { reporter, list, mentions, clues, pages, now } = useLoaderData<typeof loader>();
  const base = dejinPaths.personal(reporter.user_id);
  const tab = (active: boolean) => (active ? "tabs__item tabs__item--active" : "tabs__item");
  return (
    <main className="dejin-page">
      <section className="reporter">
        {reporter.avatar ? (
          <img className="avatar reporter__avatar" src={reporter.avatar} alt="" width={64} height={64} />
        ) : (
          <span className="avatar reporter__avatar" aria-hidden="true" />
        )}
        <div className="reporter__text">
          <h1 className="reporter__alias">{reporter.alias}</h1>
          {reporter.location ? <p className="reporter__location">{reporter.location}</p> : null}
          {reporter.intro ? <p className="reporter__intro">{reporter.intro}</p> : null}
        </div>
        <dl className="reporter__stats">
          <div>
            <dt>爆料</dt>
            <dd>{chineseCount(reporter.clue_count)}</dd>
          </div>
          <div>
            <dt>阅读</dt>
            <dd>{chineseCount(reporter.view_sum)}</dd>
          </div>
          <div>
            <dt>被@</dt>
            <dd>{chineseCount(reporter.at_count)}</dd>
          </div>
        </dl>
      </section>
      <nav className="tabs" aria-label="爆料列表">
        <Link className={tab(!mentions)} to={base} preventScrollReset aria-current={mentions ? undefined : "page"}>
          TA的爆料
        </Link>
        <Link className={tab(mentions)} to={`${base}?tab=${AT_TAB}`} preventScrollReset aria-current={mentions ? "page" : undefined}>
          @TA的
        </Link>
      </nav>
      <ClueList
        key={list.kind}
        page={clues}
        pages={pages}
        now={now}
        pageUrl={(page) => clueListPageUrl(list, page)}
        moreHref={(page) => `${base}?${mentions ? `tab=${AT_TAB}&` : ""}page=${page}`}
        emptyText={mentions ? "还没有爆料@TA" : "TA还没有爆料"}
      />
    </main>
  );
}
