import { sendBeacon } from "~/client/beacon";
import { afterLoad } from "~/client/idle";
import { askReaderIdentity } from "~/client/reader-identity";
import { BASE_PATH } from "~/lib/base-path";
import {
  cardIdOf,
  createBatcher,
  createExposureLog,
  exposeEvent,
  isFullyVisible,
  isPreviewPage,
  MAX_TID_IDS,
  pageTarget,
  plainEvent,
  readEvent,
  risenPercent,
  STATS_INIT_DELAY_MS,
  type Box,
  type BrowserEvent,
  type LaunchBehavior,
  type PageTarget,
} from "~/lib/tracking";

/** The site's own tracker route: the browser never talks to the stat base itself. */
const TRACKER_URL = `${BASE_PATH}api/tracker/log`;

const CARD_SELECTOR = '[class*="card-id-"]';

function send(events: BrowserEvent[]): void {
  sendBeacon(TRACKER_URL, { events: JSON.stringify(events) });
}

/** The boxes a card must fit in to count as seen: each clipping scroll container up the tree, then the viewport. */
function containerBoxes(element: Element): Box[] {
  const boxes: Box[] = [];
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(parent);
    if (/(auto|scroll|hidden)/.test(overflowX + overflowY)) boxes.push(parent.getBoundingClientRect());
  }
  // A plain box: the browsers that need this fallback may have no DOMRect constructor either.
  boxes.push({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });
  return boxes;
}

/** Each card counts once, when all of it is visible; cards added later (load more) are watched too. */
function watchCards(onSeen: (ids: string[]) => void): () => void {
  const log = createExposureLog();
  const report = (ids: string[]) => {
    const fresh = log.firstSeen(ids);
    for (let i = 0; i < fresh.length; i += MAX_TID_IDS) onSeen(fresh.slice(i, i + MAX_TID_IDS));
  };
  const idOf = (element: Element) => cardIdOf(element.getAttribute("class") ?? "");

  if (typeof IntersectionObserver === "function") {
    const observed = new WeakSet<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        // Sub-pixel layout can leave a fully shown card a hair under 1.
        const ids = entries.filter((entry) => entry.isIntersecting && entry.intersectionRatio >= 0.99).map((entry) => idOf(entry.target));
        report(ids.filter((id): id is string => id !== null));
      },
      { threshold: 1 },
    );
    const observeAll = () => {
      document.querySelectorAll(CARD_SELECTOR).forEach((card) => {
        if (observed.has(card) || !idOf(card)) return;
        observed.add(card);
        observer.observe(card);
      });
    };
    observeAll();
    // Pages that change often (players, live chat) would otherwise search for cards on every change.
    let frame = 0;
    const mutations = new MutationObserver(() => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          observeAll();
        });
      }
    });
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      observer.disconnect();
    };
  }

  let frame = 0;
  const check = () => {
    frame = 0;
    const ids: string[] = [];
    document.querySelectorAll(CARD_SELECTOR).forEach((card) => {
      const id = idOf(card);
      if (id && isFullyVisible(card.getBoundingClientRect(), containerBoxes(card))) ids.push(id);
    });
    report(ids);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(check);
  };
  schedule();
  // Capture: scrolls of inner containers (a horizontal row of cards) do not bubble.
  window.addEventListener("scroll", schedule, { capture: true, passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener("scroll", schedule, { capture: true });
    window.removeEventListener("resize", schedule);
  };
}

function watchPercent(): { current: () => number; stop: () => void } {
  let percent = 0;
  let frame = 0;
  const measure = () => {
    frame = 0;
    percent = risenPercent(percent, {
      scrollTop: window.scrollY,
      viewportHeight: window.innerHeight,
      scrollHeight: document.documentElement.scrollHeight,
    });
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(measure);
  };
  measure();
  window.addEventListener("scroll", schedule, { passive: true });
  return {
    current: () => {
      measure();
      return percent;
    },
    stop: () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
    },
  };
}

type PageView = { target: PageTarget; openedAt: number; percent: ReturnType<typeof watchPercent>; stopCards: () => void };
type Location = { pathname: string; search: string };

const batcher = createBatcher({ send });
let started = false;
let current: PageView | null = null;
/** The page on screen: where a view begins again when the visitor comes back to a hidden page. */
let shown: Location | null = null;

function begin(location: Location, openedAt: number) {
  const target = pageTarget(location.pathname);
  batcher.push(plainEvent("view", target, openedAt));
  current = {
    target,
    openedAt,
    percent: watchPercent(),
    stopCards: watchCards((ids) => batcher.push(exposeEvent(ids, Date.now()))),
  };
}

/** Spec section 4: leaving a page sends its read event, with how long it was open and how far it was read. */
function end() {
  if (!current) return;
  const view = current;
  current = null;
  view.stopCards();
  batcher.push(readEvent(view.target, Date.now(), Date.now() - view.openedAt, view.percent.current()));
  view.percent.stop();
}

function onHidden() {
  // A reader who leaves within the first second still opened the page: counting starts now, so its view and read go.
  start();
  end();
  batcher.flush();
}

function onShown() {
  // A page the visitor returns to (another tab, the app switcher, the back-forward cache) is a new view.
  if (started && !current && shown && document.visibilityState === "visible") begin(shown, Date.now());
}

function start() {
  if (started) return;
  started = true;
  if (shown) begin(shown, pendingOpenedAt);
}

let pendingOpenedAt = 0;
let scheduled = false;

/** Spec section 4: statistics start 1 s after load (once the reader's identity is settled), then count the page open at that moment from when it opened; previews send nothing. */
export function trackPageView(location: Location, openedAt = Date.now()): void {
  end();
  shown = isPreviewPage(location.pathname, location.search) ? null : location;
  if (started) {
    if (shown) begin(shown, openedAt);
    return;
  }
  pendingOpenedAt = openedAt;
  if (scheduled) return;
  scheduled = true;
  afterLoad(() => {
    // Asked at once, so the first events, a second later, go out with the reader's own ids.
    const identity = askReaderIdentity();
    window.setTimeout(() => void identity.then(start), STATS_INIT_DELAY_MS);
  });
  document.addEventListener("visibilitychange", () => (document.visibilityState === "hidden" ? onHidden() : onShown()));
  window.addEventListener("pagehide", onHidden);
  window.addEventListener("pageshow", onShown);
}

/** An outcome goes at once: the page is hiding or leaving, and statistics may not have started yet to send it then. */
export function trackAppLaunch(behavior: LaunchBehavior): void {
  if (isPreviewPage(window.location.pathname, window.location.search)) return;
  batcher.push(plainEvent(behavior, pageTarget(window.location.pathname), Date.now()));
  if (behavior !== "attempt") batcher.flush();
}
