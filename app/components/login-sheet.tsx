import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { onOpenLogin } from "~/client/events";
import { sitePath } from "~/lib/base-path";

// The form shows only after a tap, so it is not part of any page's first-load JavaScript (the /auth page, which
// renders it on the server, imports it plainly).
const LoginForm = lazy(() => import("~/components/login-form").then((module) => ({ default: module.LoginForm })));

/** The login bottom sheet of spec section 2. Each opening mounts a fresh form: fields reset, phone focused. */
export function LoginSheet() {
  const location = useLocation();
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    return onOpenLogin(() => {
      setOpening((n) => n + 1);
      setOpen(true);
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  // A login redirects back here; the sheet closes with the navigation.
  useEffect(() => setOpen(false), [location.key]);

  if (!open) return null;
  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label="登录">
      <button type="button" className="sheet__backdrop" aria-label="关闭" onClick={() => setOpen(false)} />
      <div className="sheet__panel">
        <button type="button" className="sheet__close" aria-label="关闭" onClick={() => setOpen(false)}>
          ×
        </button>
        <Suspense fallback={<p className="sheet__loading">加载中…</p>}>
          <LoginForm key={opening} redirectTo={sitePath(location.pathname) + location.search} initialMode="phone" initialCooldown={0} autoFocus />
        </Suspense>
      </div>
    </div>
  );
}
