import { AppOpenDialog } from "~/components/app-open-dialog";
import { CommentFooter, FollowButton } from "~/components/comment-footer";
import { CommentList } from "~/components/comment-list";
import { ContentCard } from "~/components/content-card";
import { FeedSection } from "~/components/feed-section";
import { abbreviateCount } from "~/lib/count";
import { formatDate, formatRelativeDate } from "~/lib/relative-date";
import type { ArticleActionData, ArticleData } from "~/routes/$actor.doc.($year).($month).$postId.$index";

/** The docDetail layout of spec section 2: header, body, related, comments, recommendations, footer. */
export function ArticleView({ data, documentResult }: { data: ArticleData; documentResult?: ArticleActionData }) {
  const { article, now } = data;
  return (
    <>
      <main className="article">
        <article>
          <header className="article__header">
            <h1 className="article__title">{article.title}</h1>
            <div className="article__meta">
              <span className="article__source">{article.mp_name || article.source_alias}</span>
              <time dateTime={article.publish_at} title={formatDate(article.publish_at)}>
                {formatRelativeDate(article.publish_at, new Date(now))}
              </time>
              <span>{abbreviateCount(article.view_count)}阅读</span>
              <FollowButton data={data} />
            </div>
          </header>
          <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: data.body }} />
        </article>

        {data.related.length > 0 ? (
          <section className="section" aria-labelledby="related-title">
            <h2 id="related-title" className="section__title">
              相关阅读
            </h2>
            <ul className="card-list">
              {data.related.map((content) => (
                <ContentCard key={content.post_id} content={content} now={now} />
              ))}
            </ul>
          </section>
        ) : null}

        <CommentList postId={article.post_id} open={data.commentsOpen} comments={data.comments} now={now} />

        <FeedSection kind="hot72" title="72小时热点" feed={data.hot} pageParam="hpage" now={now} ranked />
        <FeedSection kind="recommend" title="编辑推荐" feed={data.recommended} pageParam="rpage" now={now} />
      </main>
      <CommentFooter data={data} documentResult={documentResult} />
      <AppOpenDialog />
    </>
  );
}
