/** Loaded by the root after hydration with a dynamic import, so none of this is in any page's first-load JavaScript. */
export { registerServiceWorkerAfterLoad } from "~/client/service-worker";
export { scheduleDesktopCheck } from "~/client/desktop-redirect";
export { prefetchLinksOnIdle } from "~/client/link-prefetch";
export { enablePageTransitions } from "~/client/page-transitions";
export { measurePageSpeed } from "~/client/page-speed";
