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
