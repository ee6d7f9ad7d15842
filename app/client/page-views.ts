/**
 * The page's statistics module is loaded on the first page view rather than with the page: it starts only after
 * load anyway (spec section 4), and so stays out of every page's first-load JavaScript. Each view keeps the time it
 * was reported, and views reported while the module loads are handed over in order.
 */
type Tracking = typeof import("~/client/tracking");

let tracking: Promise<Tracking> | null = null;

export function reportPageView(location: { pathname: string; search: string }): void {
  const openedAt = Date.now();
  tracking ??= import("~/client/tracking");
  // A module that fails to load (offline, a new deployment) costs only the statistics of this page.
  tracking.then((module) => module.trackPageView(location, openedAt)).catch(() => undefined);
}
