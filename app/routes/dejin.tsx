import { Outlet } from "@remix-run/react";
import { DejinHeader } from "~/components/dejin/dejin-header";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** Spec section 2, the dejin layout: header and content; only the detail page adds its comment footer. */
export default function DejinLayout() {
  return (
    <div className="dejin">
      <DejinHeader />
      <Outlet />
    </div>
  );
}
