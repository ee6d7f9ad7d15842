import { useEffect, useState, type ReactNode } from "react";
import { formatCountdown } from "~/lib/preview";

/** What a preview page needs beyond the page itself: when its countdown ends. */
export type PreviewState = { expired_at: string };

const WATERMARK_TEXT = "内部临时预览";
/** Enough tiles to cover a tall phone screen at the tile size of `.preview-watermark`. */
const WATERMARK_TILES = 24;

/**
 * Time left until `deadline` (ms), as of the server's `now` and then ticking in the browser. Ticks measure time
 * elapsed on this page (performance.now), not the phone's clock, so a phone set wrong still counts down right.
 */
function useCountdown(deadline: number, now: number): number {
  const initial = deadline - now;
  const [remaining, setRemaining] = useState(initial);
  useEffect(() => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = initial - (performance.now() - started);
      setRemaining(left);
      // Wake when the shown second changes (the text rounds up), not on a fixed interval that drifts.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [initial]);
  return remaining;
}

/**
 * A draft's preview (spec sections 2 and 4): the countdown banner to `expired_at`, the 内部临时预览 watermark over
 * the page, and the page itself until the time is up; then the "preview expired" notice, without a reload.
 */
export function PreviewFrame({ preview, now, children }: { preview: PreviewState; now: string; children: ReactNode }) {
  const remaining = useCountdown(Date.parse(preview.expired_at), Date.parse(now));
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
