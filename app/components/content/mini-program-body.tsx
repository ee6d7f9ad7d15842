import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { WebpPicture } from "~/components/webp-picture";
import { TagBadge } from "~/components/tag-badge";
import { WeChatOpenTag } from "~/components/wechat-open-tag";
import { useItemFlags } from "~/hooks/use-app-open";
import { APP_OPEN_HASH } from "~/lib/app-open";

/** Inside WeChat the <wx-open-launch-weapp> tag takes the button over; elsewhere it asks to open the app (the app-open dialog). */
export function MiniProgramBody({ content, extra, now, follow }: BodyProps<"mini_program">) {
  const { appOffered } = useItemFlags();
  const name = extra?.name || content.title;
  return (
    <article className="mini-program">
      <ContentHeader content={content} now={now} follow={follow}>
        <TagBadge type={content.content_type} />
      </ContentHeader>
      <div className="mp-card">
        <p className="mp-card__name">
          <span className="mp-card__logo" aria-hidden="true" />
          {name}
        </p>
        <p className="mp-card__title">{content.title}</p>
        {content.cover ? (
          <WebpPicture className="mp-card__cover" src={content.cover} webp={content.coverWebp} width={640} height={512} decoding="async" />
        ) : null}
        <p className="mp-card__kind">
          <span className="mp-card__kind-icon" aria-hidden="true" />
          小程序
        </p>
      </div>
      <div className="mp-actions">
        {appOffered ? (
          <>
            <a className="button mp-actions__open" href={APP_OPEN_HASH}>
              打开小程序
            </a>
            {extra?.username ? <WeChatOpenTag kind="weapp" label="打开小程序" username={extra.username} path={extra.path} /> : null}
          </>
        ) : null}
        {extra?.fallback_url ? (
          <a className="button button--ghost" href={extra.fallback_url} rel="noopener">
            访问网页版
          </a>
        ) : null}
      </div>
      {content.summary ? <p className="summary__text">{content.summary}</p> : null}
      {content.html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
    </article>
  );
}
