import { useCountdown } from "~/hooks/use-countdown";
import { ACTIVITY_STATE_TEXT, activityState, formatActivityCountdown, nextChangeAt } from "~/lib/activity-state";

type Window = { start_at: string; end_at: string };

/** The state badge of an activity as of `now` (the server's clock when the page was made). */
export function ActivityBadge({ activity, now }: { activity: Window; now: string }) {
  const state = activityState(activity, Date.parse(now));
  return <span className={`activity-badge activity-badge--${state}`}>{ACTIVITY_STATE_TEXT[state]}</span>;
}

/** Starts from the server's clock and ticks in the browser; without JavaScript it shows the time left when the page was made. */
export function ActivityStatus({ activity, now }: { activity: Window; now: string }) {
  const end = Date.parse(activity.end_at);
  // The clock of the page: the server's time plus the time spent on the page.
  const clock = end - useCountdown(end, Date.parse(now));
  const state = activityState(activity, clock);
  const next = nextChangeAt(activity, clock);
  return (
    <div className={`activity-status activity-status--${state}`} role="timer" aria-live="off">
      <span className={`activity-badge activity-badge--${state}`}>{ACTIVITY_STATE_TEXT[state]}</span>
      {next === null ? (
        <span className="activity-status__text">活动已结束，感谢参与</span>
      ) : (
        <span className="activity-status__text">
          {state === "upcoming" ? "距开始还有" : "距结束还有"} <time className="activity-status__time">{formatActivityCountdown(next - clock)}</time>
        </span>
      )}
    </div>
  );
}
