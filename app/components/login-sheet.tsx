import { lazy, Suspense, useEffect, useState } from "react";
import { onOpenLogin } from "~/client/events";

// The sheet and its form show only after a tap, so they are in no page's first-load JavaScript (the /auth page,
// which renders the form on the server, imports it plainly).
const LoginSheetPanel = lazy(() => import("~/components/login-sheet-panel").then((module) => ({ default: module.LoginSheetPanel })));

function LoadingSheet() {
  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label="登录" aria-busy="true">
      <div className="sheet__backdrop" />
      <div className="sheet__panel">
        <p className="sheet__loading">加载中…</p>
      </div>
    </div>
  );
}

/** Spec section 2, opened by openLogin(). */
export function LoginSheet() {
  const [opening, setOpening] = useState(0);
  useEffect(() => onOpenLogin(() => setOpening((n) => n + 1)), []);
  if (opening === 0) return null;
  return (
    <Suspense fallback={<LoadingSheet />}>
      <LoginSheetPanel opening={opening} />
    </Suspense>
  );
}
