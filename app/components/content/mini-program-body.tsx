import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { TagBadge } from "~/components/tag-badge";
import { WeChatOpenTag } from "~/components/wechat-open-tag";
import { useItemFlags } from "~/hooks/use-app-open";
import { APP_OPEN_HASH } from "~/lib/app-open";

/**
 * A mini-program page: the mini-program card as WeChat shows one (name, title, cover) and its open button. The
 * button asks the visitor to open the app (the app-open dialog, which also works without JavaScript); inside WeChat
 * the <wx-open-launch-weapp> tag takes the button over and opens the mini program itself. The mini program's web
 * version, when it has one, is one link away.
 */
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
        {content.cover ? <img className="mp-card__cover" src={content.cover} alt="" width={640} height={512} decoding="async" /> : null}
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
