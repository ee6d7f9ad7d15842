/** Loaded on the first page view: it starts only after load anyway (spec section 4); views reported meanwhile are handed over in order. */
type Tracking = typeof import("~/client/tracking");

let tracking: Promise<Tracking> | null = null;

export function reportPageView(location: { pathname: string; search: string }): void {
  const openedAt = Date.now();
  tracking ??= import("~/client/tracking");
  // A module that fails to load (offline, a new deployment) costs only the statistics of this page.
  tracking.then((module) => module.trackPageView(location, openedAt)).catch(() => undefined);
}
