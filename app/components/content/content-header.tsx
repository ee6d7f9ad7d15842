import type { ReactNode } from "react";
import type { BodyProps } from "~/components/content/body-props";
import { chineseCount } from "~/lib/count";
import { formatDate, formatRelativeDate } from "~/lib/relative-date";

type Props = Pick<BodyProps, "content" | "now" | "follow"> & {
  /** Type-specific items shown first in the meta row (badge, duration, picture count…). */
  children?: ReactNode;
};

/** A body's headline and meta row: source, relative time, views and the follow control. */
export function ContentHeader({ content, now, follow, children }: Props) {
  return (
    <header className="article__header">
      <h1 className="article__title">{content.title}</h1>
      <div className="article__meta">
        {children}
        <span className="article__source">{content.mp_name || content.source_alias}</span>
        <time dateTime={content.publish_at} title={formatDate(content.publish_at)}>
          {formatRelativeDate(content.publish_at, new Date(now))}
        </time>
        <span>{chineseCount(content.view_count)}阅读</span>
        {follow}
      </div>
    </header>
  );
}
