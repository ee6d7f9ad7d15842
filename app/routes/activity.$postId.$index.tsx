import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getActivity } from "~/bff/activity.server";
import { rethrowAsResponse } from "~/bff/client.server";
import { OpenAppLink } from "~/components/open-app-link";
import { ActivityStatus } from "~/components/pages/activity-status";
import { pageRequest } from "~/route-support/page-request.server";
import { ids } from "~/bff/ids.server";
import { activityState, formatTimeWindow } from "~/lib/activity-state";
import { chineseCount } from "~/lib/count";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { heroPreload } from "~/components/content/hero-picture";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = params.postId ?? "";
  // Spec section 5: a route id must decode; anything else is a 404 before any platform call.
  if (!isIndexSegment(params.index) || ids.decode(postId) === null) throw data(null, { status: 404 });
  const { caller, canonical, now } = await pageRequest(request, context);
  const activity = await getActivity(caller, postId).catch(rethrowAsResponse);
  // The cover heads the page: its largest picture. Built here, so that the builder stays out of the page's JavaScript.
  const preload = heroPreload(activity.cover ? { src: activity.cover } : null);
  return { activity, canonical, now, preload, appOpen: { stype: "activityDetailspage", post_id: activity.post_id } };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  page
    ? [
        ...pageShareMeta({
          title: page.activity.title,
          description: page.activity.summary,
          image: page.activity.cover,
          canonical: page.canonical,
          site: siteOf(matches),
        }),
        ...page.preload,
      ]
    : [{ title: "活动不存在" }];

const CALL_TO_ACTION = { upcoming: "打开APP，预约提醒", running: "立即参与", ended: "打开APP，看更多活动" } as const;

/** /activity/{post_id}/index: an activity's cover, time window, state with its countdown, rules, and the way to take part. */
export default function ActivityPage() {
  const { activity, now } = useLoaderData<typeof loader>();
  const state = activityState(activity, Date.parse(now));
  return (
    <main className="activity">
      {activity.cover ? <img className="activity__cover" src={activity.cover} alt="" width={640} height={360} /> : null}
      <header className="activity__head">
        <h1 className="activity__title">{activity.title}</h1>
        {activity.summary ? <p className="activity__summary">{activity.summary}</p> : null}
        <ActivityStatus activity={activity} now={now} />
        <dl className="activity__facts">
          <dt>活动时间</dt>
          <dd>{formatTimeWindow(activity)}</dd>
          {activity.location ? (
            <>
              <dt>活动地点</dt>
              <dd>{activity.location}</dd>
            </>
          ) : null}
          {activity.participant_count > 0 ? (
            <>
              <dt>参与人数</dt>
              <dd>{chineseCount(activity.participant_count)}人</dd>
            </>
          ) : null}
        </dl>
      </header>
      <section className="section" aria-labelledby="activity-rules">
        <h2 id="activity-rules" className="section__title">
          活动规则
        </h2>
        {/* Sanitized on the server (sanitizeRichHtml). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: activity.rules }} />
      </section>
      <p className="activity__more">
        <Link to="/activity/index">查看全部活动</Link>
      </p>
      <div className="activity__bar">
        <OpenAppLink className="button activity__cta">{CALL_TO_ACTION[state]}</OpenAppLink>
      </div>
    </main>
  );
}
