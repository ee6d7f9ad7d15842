import { Link } from "@remix-run/react";
import type { CirclePost } from "~/bff/circle.server";
import { Person } from "~/components/community/person";
import { ReaderMediaThumbs } from "~/components/reader-media";
import { chineseCount } from "~/lib/count";
import { communityPaths } from "~/lib/community-paths";
import { formatRelativeDate } from "~/lib/relative-date";

type Props = {
  post: CirclePost;
  now: string;
  /** The first card of a page, whose pictures are likely the largest thing on screen: not lazy-loaded. */
  eager?: boolean;
  /** On a topic's page, posts come from several circles: each card names its own. */
  showCircle?: boolean;
};

export function PostCard({ post, now, eager = false, showCircle = false }: Props) {
  return (
    <li className={`post card-id-${post.post_id}`}>
      <div className="post__head">
        <Person avatar={post.author.avatar} alias={post.author.alias} />
        <time className="post__time" dateTime={post.publish_at}>
          {formatRelativeDate(post.publish_at, new Date(now))}
        </time>
      </div>
      <Link className="post__link" to={communityPaths.post(post.post_id)} prefetch="intent">
        {/* Rendered as text: posts are never HTML. */}
        <p className="post__text">{post.content}</p>
        <ReaderMediaThumbs images={post.images} video={post.video} eager={eager} />
      </Link>
      <p className="post__meta">
        {showCircle ? (
          <Link className="post__circle" to={communityPaths.circle(post.circle.circle_id)}>
            {post.circle.name}
          </Link>
        ) : null}
        {post.topics.map((topic) => (
          <Link key={topic.topic_id} className="post__topic" to={communityPaths.topic(topic.topic_id)}>
            #{topic.name}
          </Link>
        ))}
        <span>{chineseCount(post.like_count)}赞</span>
        <span>{chineseCount(post.reply_count)}回复</span>
      </p>
    </li>
  );
}
