import { afterLoad } from "~/client/idle";
import { BASE_PATH } from "~/lib/base-path";

/**
 * Registers sw.js (built from app/service-worker.ts) for the whole site (spec section 2). The service worker is an
 * optimisation only, so an unsupported browser or a failed registration is logged and swallowed.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) {
    console.debug(new Error("serviceWorker is not supported in current browser!"));
    return;
  }
  try {
    await navigator.serviceWorker.register(`${BASE_PATH}sw.js`, { scope: BASE_PATH });
  } catch (error) {
    console.debug("service worker registration failed", error);
  }
}

/**
 * Registers the service worker once the page has loaded: installing it downloads the site's shell again (its
 * precache bypasses the HTTP cache), which must not compete with the pictures and chunks of the first visit.
 */
export function registerServiceWorkerAfterLoad(): void {
  afterLoad(() => void registerServiceWorker());
}
