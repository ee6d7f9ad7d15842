import { Link } from "@remix-run/react";
import type { CirclePost } from "~/bff/circle.server";
import { Person } from "~/components/community/person";
import { Icon } from "~/components/icon";
import { ReaderMedia } from "~/components/reader-media";
import { APP_OPEN_HASH } from "~/lib/app-open";
import { chineseCount } from "~/lib/count";
import { communityPaths } from "~/lib/community-paths";
import { formatDate, formatRelativeDate } from "~/lib/relative-date";

/** One circle post in full: its circle, author, text, video and pictures, topics and counts; liking it is for the app. */
export function PostBody({ post, now }: { post: CirclePost; now: string }) {
  return (
    <article className="post-detail">
      <Link className="post-detail__circle" to={communityPaths.circle(post.circle.circle_id)}>
        {post.circle.avatar ? <img className="avatar avatar--small" src={post.circle.avatar} alt="" width={28} height={28} /> : null}
        <span>{post.circle.name}</span>
      </Link>
      <div className="post__head">
        <Person avatar={post.author.avatar} alias={post.author.alias} size={40} />
        <span className="post__time">
          <time dateTime={post.publish_at} title={formatDate(post.publish_at)}>
            {formatRelativeDate(post.publish_at, new Date(now))}
          </time>
          {post.ip_location ? <span> · {post.ip_location}</span> : null}
        </span>
      </div>
      <h1 className="visually-hidden">{post.author.alias}的帖子</h1>
      <p className="post-detail__text">{post.content}</p>
      <ReaderMedia images={post.images} video={post.video} />
      <p className="post__meta">
        {post.topics.map((topic) => (
          <Link key={topic.topic_id} className="post__topic" to={communityPaths.topic(topic.topic_id)}>
            #{topic.name}
          </Link>
        ))}
        <span>{chineseCount(post.view_count)}浏览</span>
      </p>
      <a className="post-detail__like" href={APP_OPEN_HASH}>
        <Icon name="like" />
        {post.like_count > 0 ? `${chineseCount(post.like_count)} 赞` : "点赞"}
      </a>
    </article>
  );
}
