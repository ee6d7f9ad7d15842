import { browserRouter, type DataRouter as Router, type RouterNavigateOptions, type To } from "~/framework/remix-internals";

/** A navigation to another page: not a step through history, not a form that writes, not a jump within the page. */
function opensAPage(to: To | number | null, options: RouterNavigateOptions | undefined): to is To {
  if (to === null || typeof to === "number") return false;
  const method = options && "formMethod" in options ? options.formMethod : undefined;
  if (method && method.toLowerCase() !== "get") return false;
  return typeof to === "string" ? !to.startsWith("#") : to.pathname !== undefined || to.search !== undefined;
}

/**
 * Spec section 2: page transition `page`, mode out-in, through the router's view transitions (app.css names `main`).
 * Installed after hydration, so the first load never transitions; reduced motion is asked at each navigation.
 */
export function enablePageTransitions(router = browserRouter()): void {
  if (!router || typeof document.startViewTransition !== "function") return;
  const navigate = router.navigate.bind(router) as (to: To | number | null, options?: RouterNavigateOptions) => Promise<void>;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  router.navigate = ((to: To | number | null, options?: RouterNavigateOptions) =>
    !reducedMotion.matches && opensAPage(to, options)
      ? navigate(to, { ...options, viewTransition: true })
      : navigate(to, options)) as Router["navigate"];
}
