import { useEffect, useState } from "react";
import { UnbrokenTitles } from "~/components/unbroken-titles";
import type { Toast } from "~/session.server";

/** Client code raises a toast with this event; server-side toasts arrive through the root loader. */
export const TOAST_EVENT = "share:toast";

export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/** One toast at a time. It fades by CSS animation, so a toast after a no-JS form post also goes away. */
export function ToastHost({ initial }: { initial: Toast | null }) {
  const [toast, setToast] = useState<{ toast: Toast; key: number } | null>(initial ? { toast: initial, key: 0 } : null);
  useEffect(() => {
    if (initial) setToast({ toast: initial, key: Date.now() });
  }, [initial]);
  useEffect(() => {
    const onToast = (event: Event) => setToast({ toast: (event as CustomEvent<Toast>).detail, key: Date.now() });
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toast ? (
        <div key={toast.key} className={`toast toast--${toast.toast.kind ?? "info"}`}>
          <UnbrokenTitles text={toast.toast.text} />
        </div>
      ) : null}
    </div>
  );
}
