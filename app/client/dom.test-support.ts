import { vi } from "vitest";

/**
 * Helpers for the client modules' jsdom tests. The modules keep per-page-load state and listen on `window` and
 * `document`, which every test of a file shares: each test imports fresh copies and removes what they added.
 */

type Added = [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined];
let added: Added[] = [];

/** Records every listener added to `window` and `document` from now on, for `removeRecordedListeners`. */
export function recordListeners(): void {
  added = [];
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, "addEventListener").mockImplementation((type, listener, options) => {
      if (listener) added.push([target, type, listener, options]);
      add(type, listener, options);
    });
  }
}

/** Removes what the test's copies of the modules listened to, so that none hears a later test. */
export function removeRecordedListeners(): void {
  for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options);
}

/** Shows or hides the page, as switching apps or tabs does. */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** The events of one tracker request body (a form with the field `events`). */
export function trackerEvents(body: BodyInit | null | undefined): Array<Record<string, unknown>> {
  return JSON.parse(new URLSearchParams(String(body)).get("events") ?? "[]") as Array<Record<string, unknown>>;
}

/** Stands in for navigator.sendBeacon: `onBeacon` sees each one and answers whether the browser took it. */
export function fakeBeacons(onBeacon: (url: string, events: Array<Record<string, unknown>>) => boolean): void {
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: BodyInit) => onBeacon(url, trackerEvents(body)),
  });
}
