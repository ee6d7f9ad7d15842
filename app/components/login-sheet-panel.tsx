import { useHref, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LoginForm } from "~/components/login-form";

/** `opening` counts the requests: each opens the sheet with a fresh form. */
export function LoginSheetPanel({ opening }: { opening: number }) {
  const location = useLocation();
  // The page's own address, its language prefix included: useHref puts the router's basename in front.
  const here = useHref(location.pathname) + location.search;
  // Open while the page it was opened on is shown: a login redirects back here, and the navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(location.key);
  const open = openOn === location.key;

  // eslint-disable-next-line react-hooks/exhaustive-deps -- location.key read, not watched: only a new request reopens it, never a navigation
  useEffect(() => setOpenOn(location.key), [opening]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  if (!open) return null;
  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label="登录">
      <button type="button" className="sheet__backdrop" aria-label="关闭" onClick={() => setOpenOn(null)} />
      <div className="sheet__panel">
        <button type="button" className="sheet__close" aria-label="关闭" onClick={() => setOpenOn(null)}>
          ×
        </button>
        <LoginForm key={opening} redirectTo={here} initialMode="phone" initialCooldown={0} autoFocus />
      </div>
    </div>
  );
}
