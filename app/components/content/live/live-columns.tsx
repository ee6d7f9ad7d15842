import { useSearchParams } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { LiveColumn, LiveColumnType, LiveInfo, LiveMessage, LivePost } from "~/bff/live.server";
import type { LiveRoom } from "~/components/content/body-props";
import { Icon } from "~/components/icon";
import { formatDate } from "~/lib/relative-date";
import { LIVE_TEXTS } from "~/lib/live-state";

/** The columns a broadcast shows when its settings list none. */
const DEFAULT_COLUMNS: Record<"image" | "landscape", LiveColumn[]> = {
  image: [
    { id: "posts", name: "直播", type: "posts" },
    { id: "chat", name: "互动", type: "chat" },
    { id: "intro", name: "简介", type: "intro" },
  ],
  landscape: [
    { id: "chat", name: "互动", type: "chat" },
    { id: "intro", name: "简介", type: "intro" },
  ],
};

export function columnsOf(info: LiveInfo, style: "image" | "landscape"): LiveColumn[] {
  return info.columns.length > 0 ? info.columns : DEFAULT_COLUMNS[style];
}

/** Each tab is a link (?col=id), so they work without JavaScript; with it they switch in place. */
export function ColumnTabs({ columns, panel }: { columns: LiveColumn[]; panel: (type: LiveColumnType) => ReactNode }) {
  const [params] = useSearchParams();
  const asked = params.get("col");
  const [active, setActive] = useState(() => (columns.some((c) => c.id === asked) ? asked! : (columns[0]?.id ?? "")));
  const current = columns.find((c) => c.id === active) ?? columns[0];
  if (!current) return null;
  return (
    <section className="live-columns">
      <div className="live-tabs" role="tablist" aria-label="直播栏目">
        {columns.map((column) => (
          <a
            key={column.id}
            id={`live-tab-${column.id}`}
            href={`?col=${encodeURIComponent(column.id)}`}
            role="tab"
            aria-selected={column.id === current.id}
            aria-controls="live-panel"
            className="live-tabs__tab"
            onClick={(event) => {
              event.preventDefault();
              setActive(column.id);
              const url = new URL(window.location.href);
              url.searchParams.set("col", column.id);
              window.history.replaceState(window.history.state, "", url);
            }}
          >
            {column.name}
          </a>
        ))}
      </div>
      <div id="live-panel" className="live-panel" role="tabpanel" aria-labelledby={`live-tab-${current.id}`}>
        {panel(current.type)}
      </div>
    </section>
  );
}

const clock = (seconds: number) => formatDate(new Date(seconds * 1000), "HH:mm");

export function PostList({ posts }: { posts: LivePost[] }) {
  if (posts.length === 0) return <p className="empty">{LIVE_TEXTS.noPosts}</p>;
  return (
    <ol className="live-posts" aria-label="直播内容">
      {posts.map((post) => (
        <li key={post.msg_id} className="live-post" data-msg-id={post.msg_id}>
          <p className="live-post__meta">
            {post.author.avatar ? <img className="live-avatar" src={post.author.avatar} alt="" width={24} height={24} loading="lazy" /> : null}
            <span className="live-post__author">{post.author.name}</span>
            <time dateTime={new Date(post.created_at * 1000).toISOString()}>{clock(post.created_at)}</time>
          </p>
          {post.text ? <p className="live-post__text">{post.text}</p> : null}
          {post.pictures.length > 0 ? (
            <div className="live-post__pictures">
              {post.pictures.map((picture) => (
                <a key={picture.url} href={picture.url}>
                  <img
                    src={picture.url}
                    alt=""
                    width={picture.width || undefined}
                    height={picture.height || undefined}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              ))}
            </div>
          ) : null}
          {post.video ? (
            <video className="live-post__video" src={post.video.url} poster={post.video.poster || undefined} controls playsInline preload="none" />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Oldest at the top, as chat rooms read; the 互动 box stays at its newest end through CSS column-reverse (markup newest
 * first), which works without JavaScript.
 */
export function MessageList({ messages, overlay = false }: { messages: LiveMessage[]; overlay?: boolean }) {
  if (messages.length === 0) return overlay ? null : <p className="empty">{LIVE_TEXTS.noMessages}</p>;
  const shown = overlay ? messages.slice(0, 6).reverse() : messages;
  return (
    <ol
      className={overlay ? "live-messages live-messages--overlay" : "live-messages live-messages--column"}
      aria-label="互动消息"
      aria-live="polite"
      tabIndex={overlay ? undefined : 0}
    >
      {shown.map((message) => (
        <li key={message.msg_id} className="live-message" data-msg-id={message.msg_id}>
          <span className="live-message__name">{message.user.nickname}</span>
          <span className="live-message__text">{message.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** 简介: the host, the summary and the description (the place and weather are in the page's head). */
export function IntroPanel({ room, summary, html }: { room: LiveRoom; summary: string; html: string }) {
  const { info } = room;
  return (
    <div className="live-intro">
      <p className="live-intro__host">
        {info.host.avatar ? <img className="live-avatar" src={info.host.avatar} alt="" width={32} height={32} loading="lazy" /> : null}
        <span>主播：{info.host.name}</span>
      </p>
      {summary ? <p className="summary__text">{summary}</p> : null}
      {html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: html }} /> : null}
    </div>
  );
}

export function PlaceLine({ room }: { room: LiveRoom }) {
  const { place, weather } = room;
  if (!place && !weather) return null;
  return (
    <p className="live-place">
      {place ? (
        <span className="live-place__name" title={place.address}>
          <Icon name="pin" className="live-place__pin" />
          {place.name}
        </span>
      ) : null}
      {weather ? (
        <span className="live-place__weather">
          {weather.city} {weather.weather} {weather.temperature}
          {/^-?\d+(\.\d+)?$/.test(weather.temperature) ? "℃" : ""}
        </span>
      ) : null}
    </p>
  );
}
