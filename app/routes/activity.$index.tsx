import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listActivities } from "~/bff/activity.server";
import { rethrowAsResponse } from "~/bff/client.server";
import { LIST_PAGE_SIZE } from "~/bff/content.server";
import { LoadMoreLink } from "~/components/load-more-link";
import { ActivityBadge } from "~/components/pages/activity-status";
import { pageRequest } from "~/route-support/page-request.server";
import { formatTimeWindow } from "~/lib/activity-state";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isIndexSegment(params.index)) throw data(null, { status: 404 });
  const { caller, canonical, pages, now } = await pageRequest(request, context);
  const activities = await collectPages(pages, (page) => listActivities(caller, page)).catch(rethrowAsResponse);
  return { activities, pages, pageSize: LIST_PAGE_SIZE, canonical, now };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  pageShareMeta({
    title: "活动",
    description: "正在进行和即将开始的活动，一起来参加。",
    image: page?.activities.list[0]?.cover ?? "",
    canonical: page?.canonical ?? "",
    site: siteOf(matches),
  });

/** /activity/index: every activity, open and upcoming first, each with its state. */
export default function Activities() {
  const { activities, pages, pageSize, now } = useLoaderData<typeof loader>();
  return (
    <main className="activities">
      <h1 className="list-page__head list-page__title">活动</h1>
      {activities.list.length === 0 ? (
        <p className="empty">暂时没有活动，过几天再来看看吧</p>
      ) : (
        <ul className="activity-list">
          {activities.list.map((activity) => (
            <li key={activity.post_id} className="activity-card">
              <Link className="activity-card__link" to={`/activity/${activity.post_id}/index`}>
                {activity.cover ? <img className="activity-card__cover" src={activity.cover} alt="" width={640} height={360} loading="lazy" /> : null}
                <span className="activity-card__text">
                  <strong className="activity-card__title">{activity.title}</strong>
                  <span className="activity-card__meta">
                    <ActivityBadge activity={activity} now={now} />
                    <span>{formatTimeWindow(activity)}</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages * pageSize < activities.total ? <LoadMoreLink href={`?page=${pages + 1}`} text="加载更多" /> : null}
    </main>
  );
}
