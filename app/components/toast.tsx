import { useEffect, useState } from "react";
import { onShowToast } from "~/client/events";
import { UnbrokenTitles } from "~/components/unbroken-titles";
import type { Toast } from "~/lib/toast";

/** One toast at a time. It fades by CSS animation, so a toast after a no-JS form post also goes away. */
export function ToastHost({ initial }: { initial: Toast | null }) {
  const [toast, setToast] = useState<{ toast: Toast; key: number } | null>(initial ? { toast: initial, key: 0 } : null);
  useEffect(() => {
    if (initial) setToast({ toast: initial, key: Date.now() });
  }, [initial]);
  useEffect(() => {
    return onShowToast((shown) => setToast({ toast: shown, key: Date.now() }));
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
