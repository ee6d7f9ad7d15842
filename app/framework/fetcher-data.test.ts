// @vitest-environment jsdom
import { createElement as h, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
// The browser's build (the package's "module"), the one patches/react-router-dom+6.30.4.patch changes for this.
import { createMemoryRouter, RouterProvider, useFetcher } from "react-router-dom/dist/index.js";
import { expect, it, vi } from "vitest";

// jsdom's AbortSignal is not the one Node's Request takes; the router's requests here are never aborted.
class RequestWithoutSignal extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, { ...init, signal: undefined });
  }
}

// On a busy phone a tap on a fetcher form (collect, follow, an empty comment) sometimes never opened the login sheet:
// the answer reached the router, but the component's effect on `fetcher.data` never ran.
it("an effect on fetcher.data runs when its component re-rendered for its own state before the router's answer rendered", async () => {
  const answers: unknown[] = [];
  let submit: (() => void) | undefined;
  let rerenderUnchanged: (() => void) | undefined;
  function Page() {
    const fetcher = useFetcher<{ needLogin: boolean }>();
    const [count, setCount] = useState(0);
    submit = () => fetcher.submit({ intent: "collect" }, { method: "post" });
    // Two updates that end where they began: React renders the component and keeps its hooks, but marks no update.
    rerenderUnchanged = () =>
      flushSync(() => {
        setCount(1);
        setCount(0);
      });
    useEffect(() => {
      if (fetcher.data) answers.push(fetcher.data);
    }, [fetcher.data]);
    return h("p", null, String(count));
  }
  vi.stubGlobal("Request", RequestWithoutSignal);
  const router = createMemoryRouter([{ path: "/", element: h(Page), action: () => ({ needLogin: true }) }], {
    future: { v7_fetcherPersist: true },
  });
  const root = createRoot(document.createElement("div"));
  flushSync(() => root.render(h(RouterProvider, { router, future: { v7_startTransition: true } })));
  // Called after the provider's own subscriber: the answer is in, and its render is a transition still to come.
  let done = false;
  router.subscribe((state) => {
    if (done || ![...state.fetchers.values()].some((fetcher) => fetcher.data)) return;
    done = true;
    rerenderUnchanged?.();
  });
  submit?.();
  // Unpatched, the effect never runs: the wait ends in its timeout.
  await vi.waitFor(() => expect(done, "the router answered").toBe(true));
  await vi.waitFor(
    () => expect(answers, "framework patch patches/react-router-dom+6.30.4.patch: RouterProvider's fetcher data").toEqual([{ needLogin: true }]),
    { timeout: 3_000 },
  );
  root.unmount();
  vi.unstubAllGlobals();
});
