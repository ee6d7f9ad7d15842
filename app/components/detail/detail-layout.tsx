import { useItemFlags } from "~/hooks/use-app-open";
import { Suspense, type ComponentType } from "react";
import type { Comment } from "~/bff/comments.server";
import type { Card } from "~/bff/content.server";
import { BODIES } from "~/components/content/bodies";
import type { BodyExtra, BodyProps, ContentView } from "~/components/content/body-props";
import { ContentCardList } from "~/components/content-card";
import { CommentFooter, type CommentFooterData } from "~/components/detail/comment-footer";
import { CommentList } from "~/components/detail/comment-list";
import { FeedSection } from "~/components/detail/feed-section";
import { FollowButton } from "~/components/detail/follow-button";
import { LazyPreviewFrame } from "~/components/preview/lazy-preview";
import type { PreviewState } from "~/components/preview/preview-frame";
import { useChangeRouteMessage } from "~/hooks/use-change-route-message";
import type { Personal } from "~/hooks/use-personal";
import type { InteractionAnswer } from "~/hooks/use-login-prompt";
import type { DocDetail } from "~/lib/change-route";
import type { BodyKind, DetailLayout as LayoutFlags } from "~/lib/content-types";

type Feed = { list: Card[]; total: number; pages: number };

export type CommentSection = { list: Comment[]; total: number; pages: number; expanded: string | null; open: boolean };

/** Spec section 2's bottom components: related reading (above the comments), the hot list and recommendations (below). */
export type BottomLists = {
  related: Card[];
  hot: Feed;
  recommended: Feed;
};

export type DetailPageData = {
  body: BodyKind;
  layout: LayoutFlags;
  content: ContentView;
  extra: BodyExtra<BodyKind>;
  follow: { mp: string } | null;
  /** Null when the type hides the comment footer. */
  footer: CommentFooterData | null;
  /** Null when the type has no comments list. */
  comments: CommentSection | null;
  /** Null when the type hides the bottom components. */
  bottom: BottomLists | null;
  /** What the changeRoute message tells the parent window (spec sections 2 and 3), and the parents that may hear it. */
  docDetail: DocDetail;
  parentOrigins: string[];
  /** Set on a draft's preview page (which has no footer, no bottom lists and no app dialog). */
  preview: PreviewState | null;
  now: string;
  personal: Personal<DetailPersonal>;
};

export type DetailPersonal = { isCollected: boolean; isFollowed: boolean };

/** Spec section 2's docDetail layout, the same for every content type; the registry's layout flags choose the sections. */
export function DetailLayout(props: DetailPageData & { documentResult?: InteractionAnswer }) {
  const { body, layout, content, extra, follow, footer, comments, bottom, preview, now, personal, documentResult } = props;
  const { appOffered } = useItemFlags();
  useChangeRouteMessage(props.docDetail, props.parentOrigins);
  const Body = BODIES[body] as ComponentType<BodyProps>;
  const page = (
    <>
      <main className={footer ? `detail detail--${body} detail--with-footer` : `detail detail--${body}`} data-chunk={body}>
        <Body
          content={content}
          extra={extra}
          now={now}
          follow={
            follow ? (
              <FollowButton
                mp={follow.mp}
                personal={personal}
                refused={documentResult?.intent === "follow" ? documentResult.fieldError : undefined}
              />
            ) : null
          }
        />

        {bottom && bottom.related.length > 0 ? (
          <section className="section" aria-labelledby="related-title">
            <h2 id="related-title" className="section__title">
              相关阅读
            </h2>
            <ContentCardList cards={bottom.related} now={now} />
          </section>
        ) : null}
        {comments ? <CommentList postId={content.post_id} open={comments.open} comments={comments} now={now} appOffered={appOffered} /> : null}
        {bottom ? (
          <>
            <FeedSection kind="hot72" title="72小时热点" feed={bottom.hot} pageParam="hpage" exclude={content.post_id} now={now} ranked />
            <FeedSection kind="recommend" title="编辑推荐" feed={bottom.recommended} pageParam="rpage" exclude={content.post_id} now={now} />
          </>
        ) : null}
      </main>
      {footer ? <CommentFooter {...footer} kind={layout.footer} personal={personal} documentResult={documentResult} /> : null}
    </>
  );
  return preview ? (
    <Suspense fallback={null}>
      <LazyPreviewFrame preview={preview}>{page}</LazyPreviewFrame>
    </Suspense>
  ) : (
    page
  );
}
