// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBeacons, recordListeners, removeRecordedListeners, setVisibility, trackerEvents } from "./dom.test-support";

/**
 * The browser half of the statistics (spec sections 3 and 4) in a real DOM: when a page starts counting, what each
 * event carries, how events are batched into beacons, and when a batch goes at once. The module keeps its state
 * per page load, so every test imports a fresh copy.
 */

const ARTICLE = "/davmu/share/news/doc/2026/11/Ab12Cd34/index.html";
const OTHER_ARTICLE = "/davmu/share/news/video/2026/11/Zz98Yy76/index.html";
const START = Date.UTC(2026, 10, 25, 8, 0, 0);
const IDENTITY = "/davmu/share/api/reader-identity";

type Sent = { url: string; events: Array<Record<string, unknown>> };

let beacons: Sent[];
let fetched: Sent[];
let beaconAnswer: boolean;
/** When the page asked for its reader's identity (app/client/reader-identity.ts), by the fake clock. */
let identityAsked: number[];

async function freshTracking() {
  vi.resetModules();
  return import("./tracking");
}

/** A card of the exposure rule (`card-id-{id}`), laid out where `box` says (jsdom lays nothing out). */
function card(id: string, box: { top: number; bottom: number }): HTMLElement {
  const element = document.createElement("a");
  element.className = `card card-id-${id}`;
  element.getBoundingClientRect = () => ({
    ...box,
    left: 0,
    right: 300,
    x: 0,
    y: box.top,
    width: 300,
    height: box.bottom - box.top,
    toJSON: () => ({}),
  });
  document.body.append(element);
  return element;
}

const allSent = () => [...beacons, ...fetched].flatMap((batch) => batch.events);

beforeEach(() => {
  recordListeners();
  window.scrollY = 0;
  vi.useFakeTimers({ now: START, toFake: ["setTimeout", "clearTimeout", "Date", "requestAnimationFrame", "cancelAnimationFrame"] });
  beacons = [];
  fetched = [];
  beaconAnswer = true;
  fakeBeacons((url, events) => {
    beacons.push({ url, events });
    return beaconAnswer;
  });
  identityAsked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === IDENTITY) {
        identityAsked.push(Date.now());
        return Response.json({ device_id: "d", anonymous_id: "a" });
      }
      fetched.push({ url, events: trackerEvents(init.body) });
      return new Response(null, { status: 204 });
    }),
  );
  Object.defineProperty(document.documentElement, "scrollHeight", { configurable: true, get: () => 4 * window.innerHeight });
  setVisibility("visible");
});

afterEach(() => {
  removeRecordedListeners();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("page views", () => {
  it("start counting 1 s after load, and the view event goes in a batch 2 s later, as a form beacon to the site's tracker", async () => {
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "?_t=1" });
    await vi.advanceTimersByTimeAsync(2999);
    expect(allSent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(beacons).toEqual([{ url: "/davmu/share/api/tracker/log", events: [{ behavior: "view", timestamp: START / 1000, tid: "Ab12Cd34" }] }]);
  });

  it("asks for the reader's identity once, at load, and counts only once it is answered, or 5 s have passed", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        identityAsked.push(Date.now());
        expect(url).toBe(IDENTITY);
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "" });
    trackPageView({ pathname: OTHER_ARTICLE, search: "" });
    expect(identityAsked).toEqual([START]);
    // Past the second after load, but no answer yet: nothing counted.
    await vi.advanceTimersByTimeAsync(4000);
    expect(allSent()).toEqual([]);
    answer(Response.json({ device_id: "d", anonymous_id: "a" }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(allSent().map((event) => event.tid)).toEqual(["Zz98Yy76"]);
    expect(identityAsked).toHaveLength(1);
  });

  it("counts without the reader's identity when its answer never comes", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(4999 + 2000);
    expect(allSent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(allSent().map((event) => event.tid)).toEqual(["Ab12Cd34"]);
  });

  it("leaving the page sends its read event at once, with the seconds it was open and the percent read, which never falls", async () => {
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(1000);
    // Half-way down, then back to the top: the percent read stays where it got to.
    window.scrollY = 1.5 * window.innerHeight;
    window.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(16);
    window.scrollY = 0;
    window.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(41_000);
    setVisibility("hidden");

    const read = allSent().find((event) => event.behavior === "read");
    expect(read).toEqual({ behavior: "read", timestamp: START / 1000 + 42, tid: "Ab12Cd34", duration: 42, percent: 63 });
    // The view went first, in its own batch: nothing stays queued once the page is hidden.
    expect(allSent().map((event) => event.behavior)).toEqual(["view", "read"]);
  });

  it("a reader who leaves before counting starts is still counted: the view and its read go as the page hides", async () => {
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(600);
    window.dispatchEvent(new Event("pagehide"));
    expect(allSent()).toEqual([
      { behavior: "view", timestamp: START / 1000, tid: "Ab12Cd34" },
      { behavior: "read", timestamp: START / 1000, tid: "Ab12Cd34", duration: 0, percent: 25 },
    ]);
    // Counting has begun: the second after load starts nothing again, and a hidden page sends nothing more.
    await vi.advanceTimersByTimeAsync(5000);
    setVisibility("hidden");
    expect(allSent()).toHaveLength(2);
  });

  it("a route change ends the previous view with its read event and begins the next one", async () => {
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(5000);
    trackPageView({ pathname: OTHER_ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(allSent()).toEqual([
      { behavior: "view", timestamp: START / 1000, tid: "Ab12Cd34" },
      { behavior: "read", timestamp: START / 1000 + 5, tid: "Ab12Cd34", duration: 5, percent: 25 },
      { behavior: "view", timestamp: START / 1000 + 5, tid: "Zz98Yy76" },
    ]);
  });

  it("a page without a single content is named by its path; coming back to a hidden page is a new view", async () => {
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: "/davmu/share/", search: "?group=3" });
    await vi.advanceTimersByTimeAsync(1000);
    setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(10_000);
    setVisibility("visible");
    await vi.advanceTimersByTimeAsync(2000);
    expect(allSent().map(({ behavior, tid, path }) => ({ behavior, tid, path }))).toEqual([
      { behavior: "view", tid: "", path: "/" },
      { behavior: "read", tid: "", path: "/" },
      { behavior: "view", tid: "", path: "/" },
    ]);
  });

  it("a preview sends nothing, neither a view nor a read", async () => {
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: "/davmu/share/preview-wang/doc/2026/11/Ab12Cd34/index.html", search: "?preview=t&_=1" });
    await vi.advanceTimersByTimeAsync(10_000);
    setVisibility("hidden");
    expect(allSent()).toEqual([]);
  });

  it("falls back to a keepalive fetch when the browser refuses the beacon", async () => {
    beaconAnswer = false;
    const { trackPageView } = await freshTracking();
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetched).toEqual([{ url: "/davmu/share/api/tracker/log", events: [{ behavior: "view", timestamp: START / 1000, tid: "Ab12Cd34" }] }]);
    const tracker = vi.mocked(fetch).mock.calls.find(([url]) => url !== IDENTITY);
    expect(tracker?.[1]).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin" });
  });
});

describe("exposure", () => {
  it("without IntersectionObserver: a card counts once, when all of it is on screen, including cards added later", async () => {
    const { trackPageView } = await freshTracking();
    const below = card("Below001", { top: window.innerHeight - 50, bottom: window.innerHeight + 100 });
    card("Shown001", { top: 10, bottom: 160 });
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(1000 + 16);
    card("Later001", { top: 200, bottom: 300 });
    // Scrolled into view: the lower card is now wholly visible; the one seen already is not counted again.
    below.getBoundingClientRect = () => ({ top: 300, bottom: 450, left: 0, right: 300, x: 0, y: 300, width: 300, height: 150, toJSON: () => ({}) });
    window.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(16);
    window.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(2000);
    const exposed = allSent().filter((event) => event.behavior === "expose");
    expect(exposed).toEqual([
      { behavior: "expose", timestamp: START / 1000 + 1, tid: "Shown001" },
      { behavior: "expose", timestamp: START / 1000 + 1, tid: "Below001|Later001" },
    ]);
  });

  it("with IntersectionObserver: only entries wholly inside count, each card once", async () => {
    const observed: Element[] = [];
    let notify: (entries: Array<Partial<IntersectionObserverEntry>>) => void = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
          notify = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    const { trackPageView } = await freshTracking();
    const first = card("First001", { top: 0, bottom: 100 });
    const second = card("Second01", { top: 0, bottom: 100 });
    trackPageView({ pathname: ARTICLE, search: "" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(observed.map((element) => element.className)).toEqual([first.className, second.className]);
    notify([
      { target: first, isIntersecting: true, intersectionRatio: 1 },
      { target: second, isIntersecting: true, intersectionRatio: 0.6 },
    ]);
    notify([{ target: first, isIntersecting: true, intersectionRatio: 1 }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(
      allSent()
        .filter((event) => event.behavior === "expose")
        .map((event) => event.tid),
    ).toEqual(["First001"]);
  });
});

describe("the app-launch funnel", () => {
  it("an attempt waits for company; its outcome sends the queue at once, before statistics have even started", async () => {
    window.history.replaceState(null, "", ARTICLE);
    const { trackAppLaunch } = await freshTracking();
    trackAppLaunch("attempt");
    expect(allSent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    trackAppLaunch("fell_back");
    expect(beacons).toHaveLength(1);
    expect(beacons[0].events).toEqual([
      { behavior: "attempt", timestamp: START / 1000, tid: "Ab12Cd34" },
      { behavior: "fell_back", timestamp: START / 1000, tid: "Ab12Cd34" },
    ]);
  });
});
