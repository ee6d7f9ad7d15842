import { afterLoad } from "~/client/idle";
import { BASE_PATH } from "~/lib/base-path";

/** An optimisation only (spec section 2): an unsupported browser or a failed registration is logged and swallowed. */
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

/** After load: installing downloads the shell again (its precache bypasses the HTTP cache), which must not compete with the first visit. */
export function registerServiceWorkerAfterLoad(): void {
  afterLoad(() => void registerServiceWorker());
}
