import { routerPath } from "~/lib/base-path";
import { typeOfSegment } from "~/lib/content-types";
import type { Device } from "~/lib/device";

/**
 * Statistics rules of spec sections 3 and 4: the event fields, the percent rule, the exposure rule and the
 * batching of what a page sends. Pure, shared by the browser (app/client/tracking.ts) and the tracker route.
 */

/** Spec section 9: statistics start 1 s after load. */
export const STATS_INIT_DELAY_MS = 1000;

/** How long events wait for company before they are sent. */
export const FLUSH_DELAY_MS = 2000;

/** The most events one request carries; the tracker route refuses more. */
export const MAX_BATCH_EVENTS = 50;

/** The most bytes one request's event list may take: far under the ~64 KB browsers queue for beacons. */
export const MAX_BATCH_BYTES = 16 * 1024;

/** The most card ids one expose event names. */
export const MAX_TID_IDS = 50;

/** Page views, reads and exposes; the app-launch funnel (attempt, opened, fell_back) uses the same pipe. */
export const BEHAVIORS = ["view", "read", "expose", "attempt", "opened", "fell_back"] as const;
export type Behavior = (typeof BEHAVIORS)[number];
/** The app-launch funnel's steps: each attempt, then how it ended (app/client/app-launcher.ts). */
export type LaunchBehavior = Extract<Behavior, "attempt" | "opened" | "fell_back">;

/** A content id as the site's URLs and cards carry it (a hashid). */
export const CONTENT_ID = /^[A-Za-z0-9]{1,32}$/;

/** The card class the exposure rule looks for (spec section 4). */
const CARD_ID_CLASS = /(?:^|\s)card-id-([A-Za-z0-9]{1,32})(?:\s|$)/;

/** What the browser knows of an event; the site adds the rest (`completeEvent`). */
export type BrowserEvent = {
  behavior: Behavior;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Content ids joined by '|': the page's content for view and read, the cards seen together for expose. */
  tid: string;
  /** The page's path, only when it shows no single content (home, lists): a view there is still counted. */
  path?: string;
  /** Read only: seconds on the page. */
  duration?: number;
  /** Read only: how far down the page the visitor got, 0-100. */
  percent?: number;
};

/** Spec section 3's tracking event, as the stat base receives it. */
export type TrackingEvent = {
  timestamp: number;
  version: "1";
  terminal: "wap";
  tid: string;
  behavior: Behavior;
  device_type: "mobile" | "desktop";
  device_os: "ios" | "android" | "harmony" | "other";
  user_id: string;
  duration?: number;
  percent?: number;
  path?: string;
};

/** Spec section 3's fields, in its order, from what the browser sent plus what only the server knows. */
export function completeEvent(event: BrowserEvent, visitor: { device: Device; userId: string | null }): TrackingEvent {
  const { device } = visitor;
  const complete: TrackingEvent = {
    timestamp: event.timestamp,
    version: "1",
    terminal: "wap",
    tid: event.tid,
    behavior: event.behavior,
    device_type: device.isDesktop ? "desktop" : "mobile",
    // HarmonyOS 2-4 also says Android; it is named for what it is.
    device_os: device.isHarmony ? "harmony" : device.isIOS ? "ios" : device.isAndroid ? "android" : "other",
    user_id: visitor.userId ?? "",
  };
  if (event.behavior === "read") {
    complete.duration = event.duration;
    complete.percent = event.percent;
  }
  if (event.path !== undefined && event.tid === "") complete.path = event.path;
  return complete;
}

/** Milliseconds as the whole seconds spec section 9 counts in. */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** A view or expose event (no duration, no percent). */
export function plainEvent(behavior: Exclude<Behavior, "read">, page: PageTarget, nowMs: number): BrowserEvent {
  return { behavior, timestamp: toSeconds(nowMs), ...page };
}

/** The read event of a page view that lasted `durationMs` and reached `percent`. */
export function readEvent(page: PageTarget, nowMs: number, durationMs: number, percent: number): BrowserEvent {
  return { behavior: "read", timestamp: toSeconds(nowMs), ...page, duration: toSeconds(Math.max(0, durationMs)), percent };
}

/** The expose event of cards first seen together. */
export function exposeEvent(ids: string[], nowMs: number): BrowserEvent {
  return { behavior: "expose", timestamp: toSeconds(nowMs), tid: ids.join("|") };
}

/** What a page's view and read events name: its content id, or its path when it shows no single content. */
export type PageTarget = { tid: string; path?: string };

/**
 * The content a page shows, read from its URL (/{actor}/{type}/{year?}/{month?}/{post_id}/index.html under the
 * base path, or /special/{id}/index); any other page is named by its path.
 */
export function pageTarget(pathname: string): PageTarget {
  const segments = routerPath(pathname).split("/").filter(Boolean);
  const last = segments[segments.length - 1];
  const page = segments.length === 3 ? typeOfSegment(segments[0])?.page : typeOfSegment(segments[1] ?? "")?.page;
  const isDetail = segments.length >= 3 && segments.length <= 6 && page !== undefined && last === page.index;
  const id = isDetail ? segments[segments.length - 2] : "";
  return CONTENT_ID.test(id) ? { tid: id } : { tid: "", path: routerPath(pathname).slice(0, 512) };
}

/** Spec section 4: no statistics in preview mode (a `preview-…` actor, or a `preview` query parameter). */
export function isPreviewPage(pathname: string, search: string): boolean {
  const actor = routerPath(pathname).split("/").filter(Boolean)[0] ?? "";
  return actor.includes("preview-") || new URLSearchParams(search).has("preview");
}

/**
 * How far down the page the visitor has got, in percent: the bottom of the viewport over the page height.
 * Spec section 4: it only rises, so scrolling back up never lowers it.
 */
export function risenPercent(previous: number, view: { scrollTop: number; viewportHeight: number; scrollHeight: number }): number {
  const { scrollTop, viewportHeight, scrollHeight } = view;
  const now = scrollHeight > 0 ? Math.round((100 * (Math.max(0, scrollTop) + viewportHeight)) / scrollHeight) : 100;
  return Math.max(previous, Math.min(100, Math.max(0, now)));
}

/** The content id of a card element's class list (`card-id-{id}`), or null. */
export function cardIdOf(className: string): string | null {
  return CARD_ID_CLASS.exec(className)?.[1] ?? null;
}

/** A rectangle in viewport coordinates, as getBoundingClientRect gives it. */
export type Box = { top: number; left: number; bottom: number; right: number };

/**
 * The exposure rule: a card counts when all of it is inside its scroll container (and the viewport, which is
 * the outermost container). Half a pixel of slack absorbs sub-pixel layout.
 */
export function isFullyVisible(card: Box, containers: Box[]): boolean {
  if (card.bottom <= card.top || card.right <= card.left) return false;
  const slack = 0.5;
  return containers.every(
    (box) => card.top >= box.top - slack && card.left >= box.left - slack && card.bottom <= box.bottom + slack && card.right <= box.right + slack,
  );
}

/** Remembers which cards were already exposed on this page view: each counts once. */
export function createExposureLog() {
  const seen = new Set<string>();
  return {
    /** The ids not seen before, now remembered. */
    firstSeen(ids: Iterable<string>): string[] {
      const fresh: string[] = [];
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        fresh.push(id);
      }
      return fresh;
    },
  };
}

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/**
 * The queue between the page and the tracker route: events wait up to `delayMs` for company, and go at once when
 * `flush` is called (the page is being left) or when one more would pass MAX_BATCH_EVENTS or MAX_BATCH_BYTES.
 * `send` gets each batch, never an empty one.
 */
export function createBatcher(options: {
  send: (events: BrowserEvent[]) => void;
  delayMs?: number;
  maxEvents?: number;
  maxBytes?: number;
  timers?: Timers;
}) {
  const delayMs = options.delayMs ?? FLUSH_DELAY_MS;
  const maxEvents = options.maxEvents ?? MAX_BATCH_EVENTS;
  const maxBytes = options.maxBytes ?? MAX_BATCH_BYTES;
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let queue: BrowserEvent[] = [];
  // The JSON length of the queue as a list: '[' + events joined by ',' + ']'.
  let bytes = 2;
  let timer: unknown = null;

  function flush() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    bytes = 2;
    options.send(batch);
  }

  return {
    push(event: BrowserEvent) {
      const size = JSON.stringify(event).length + 1;
      // An event that does not fit beside the queue sends the queue first.
      if (queue.length && (queue.length + 1 > maxEvents || bytes + size > maxBytes)) flush();
      queue.push(event);
      bytes += size;
      if (queue.length >= maxEvents || bytes >= maxBytes) flush();
      else if (timer === null) {
        timer = timers.setTimeout(() => {
          timer = null;
          flush();
        }, delayMs);
      }
    },
    flush,
    get pending() {
      return queue.length;
    },
  };
}
