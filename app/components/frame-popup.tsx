/** Spec section 2: a 500x280 popup holding another page of the site in a frame (agreements). */
export function FramePopup({ src, title, onClose }: { src: string; title: string; onClose: () => void }) {
  return (
    <div className="frame-popup" role="dialog" aria-modal="true" aria-label={title}>
      <button type="button" className="frame-popup__backdrop" aria-label="关闭" onClick={onClose} />
      <div className="frame-popup__box">
        <div className="frame-popup__head">
          <strong>{title}</strong>
          <button type="button" className="frame-popup__close" onClick={onClose} aria-label="关闭">
            ×
          </button>
        </div>
        <iframe className="frame-popup__frame" src={src} title={title} width={500} height={280} />
      </div>
    </div>
  );
}
