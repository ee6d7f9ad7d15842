import type { ReactNode } from "react";
import { useCountdown } from "~/hooks/use-countdown";
import { formatCountdown } from "~/lib/preview";

export type PreviewState = { expired_at: string; rendered_at: string };

const WATERMARK_TEXT = "内部临时预览";
/** Enough tiles to cover a tall phone screen at the tile size of `.preview-watermark`. */
const WATERMARK_TILES = 24;

/** Spec sections 2 and 4: the page until the countdown ends, then the expired notice without a reload. */
export function PreviewFrame({ preview, children }: { preview: PreviewState; children: ReactNode }) {
  const remaining = useCountdown(Date.parse(preview.expired_at), Date.parse(preview.rendered_at));
  const expired = remaining <= 0;
  return (
    <>
      <div className={expired ? "preview-banner preview-banner--expired" : "preview-banner"} role="timer" aria-label="预览剩余时间">
        <strong className="preview-banner__label">{WATERMARK_TEXT}</strong>
        {expired ? (
          <span>预览已结束</span>
        ) : (
          <span>
            剩余 <time className="preview-banner__time">{formatCountdown(remaining)}</time>，仅供内部审阅，请勿转发
          </span>
        )}
      </div>
      {expired ? <PreviewExpired /> : children}
      <div className="preview-watermark" aria-hidden="true">
        {Array.from({ length: WATERMARK_TILES }, (_, i) => (
          <span key={i}>{WATERMARK_TEXT}</span>
        ))}
      </div>
    </>
  );
}

/** Spec section 2: what a preview link shows once its time is up, from the server (410) or when the countdown ends. */
export function PreviewExpired() {
  return (
    <main className="error-page preview-expired" aria-labelledby="preview-expired-title">
      <h1 id="preview-expired-title" className="error-page__title">
        预览已过期
      </h1>
      <p className="error-page__hint">该预览链接已失效，内容不再显示。如需继续预览，请在编辑后台重新生成预览链接。</p>
    </main>
  );
}
