import { routerPath } from "~/lib/base-path";
import { typeOfSegment } from "~/lib/content-types";
import type { Device } from "~/lib/device";

/** Spec sections 3 and 4. Pure, shared by the browser and the tracker route. */

/** Spec section 9. */
export const STATS_INIT_DELAY_MS = 1000;

export const FLUSH_DELAY_MS = 2000;

export const MAX_BATCH_EVENTS = 50;

/** Far under what browsers queue for beacons. */
export const MAX_BATCH_BYTES = 16 * 1024;

export const MAX_TID_IDS = 50;

export const BEHAVIORS = ["view", "read", "expose", "attempt", "opened", "fell_back"] as const;
export type Behavior = (typeof BEHAVIORS)[number];
export type LaunchBehavior = Extract<Behavior, "attempt" | "opened" | "fell_back">;

export const CONTENT_ID = /^[A-Za-z0-9]{1,32}$/;

const CARD_ID_CLASS = /(?:^|\s)card-id-([A-Za-z0-9]{1,32})(?:\s|$)/;

export type BrowserEvent = {
  behavior: Behavior;
  timestamp: number;
  tid: string;
  path?: string;
  duration?: number;
  percent?: number;
};

export type TrackingEvent = {
  timestamp: number;
  version: "1";
  terminal: "wap";
  tid: string;
  behavior: Behavior;
  device_type: "mobile" | "desktop";
  device_os: "ios" | "android" | "harmony" | "other";
  user_id: string;
  /** [ours] The reader's device id and anonymous id (spec section 3's local storage), '' when unknown. */
  device_id: string;
  anonymous_id: string;
  duration?: number;
  percent?: number;
  path?: string;
};

/** Who sent the events, as the server knows them: never what the page says. */
export type EventSender = { device: Device; userId: string | null; deviceId: string; anonymousId: string };

export function completeEvent(event: BrowserEvent, visitor: EventSender): TrackingEvent {
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
    device_id: visitor.deviceId,
    anonymous_id: visitor.anonymousId,
  };
  if (event.behavior === "read") {
    complete.duration = event.duration;
    complete.percent = event.percent;
  }
  if (event.path !== undefined && event.tid === "") complete.path = event.path;
  return complete;
}

/** Spec section 9 counts in whole seconds. */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

export function plainEvent(behavior: Exclude<Behavior, "read">, page: PageTarget, nowMs: number): BrowserEvent {
  return { behavior, timestamp: toSeconds(nowMs), ...page };
}

export function readEvent(page: PageTarget, nowMs: number, durationMs: number, percent: number): BrowserEvent {
  return { behavior: "read", timestamp: toSeconds(nowMs), ...page, duration: toSeconds(Math.max(0, durationMs)), percent };
}

export function exposeEvent(ids: string[], nowMs: number): BrowserEvent {
  return { behavior: "expose", timestamp: toSeconds(nowMs), tid: ids.join("|") };
}

export type PageTarget = { tid: string; path?: string };

export function pageTarget(pathname: string): PageTarget {
  const segments = routerPath(pathname).split("/").filter(Boolean);
  const last = segments[segments.length - 1];
  const page = segments.length === 3 ? typeOfSegment(segments[0])?.page : typeOfSegment(segments[1] ?? "")?.page;
  const isDetail = segments.length >= 3 && segments.length <= 6 && page !== undefined && last === page.index;
  const id = isDetail ? segments[segments.length - 2] : "";
  return CONTENT_ID.test(id) ? { tid: id } : { tid: "", path: routerPath(pathname).slice(0, 512) };
}

export function isPreviewPage(pathname: string, search: string): boolean {
  const actor = routerPath(pathname).split("/").filter(Boolean)[0] ?? "";
  return actor.includes("preview-") || new URLSearchParams(search).has("preview");
}

/** Spec section 4: it only rises, so scrolling back up never lowers it. */
export function risenPercent(previous: number, view: { scrollTop: number; viewportHeight: number; scrollHeight: number }): number {
  const { scrollTop, viewportHeight, scrollHeight } = view;
  const now = scrollHeight > 0 ? Math.round((100 * (Math.max(0, scrollTop) + viewportHeight)) / scrollHeight) : 100;
  return Math.max(previous, Math.min(100, Math.max(0, now)));
}

export function cardIdOf(className: string): string | null {
  return CARD_ID_CLASS.exec(className)?.[1] ?? null;
}

export type Box = { top: number; left: number; bottom: number; right: number };

/** Spec section 4. Half a pixel of slack absorbs sub-pixel layout. */
export function isFullyVisible(card: Box, containers: Box[]): boolean {
  if (card.bottom <= card.top || card.right <= card.left) return false;
  const slack = 0.5;
  return containers.every(
    (box) => card.top >= box.top - slack && card.left >= box.left - slack && card.bottom <= box.bottom + slack && card.right <= box.right + slack,
  );
}

export function createExposureLog() {
  const seen = new Set<string>();
  return {
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
