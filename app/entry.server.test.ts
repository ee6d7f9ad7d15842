import { createElement, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "~/runtime/logger.test-support";
import { handleError, renderWholePage } from "./entry.server";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The shape of the error Remix passes for the answers it makes itself (internal: true). */
const routingError = (status: number, statusText: string, data: string) => ({ status, statusText, internal: true, data });
const request = () => new Request("http://localhost/davmu/share/nope");

describe("handleError", () => {
  it("does not log Remix's own 4xx answers (no route, no action): they are the visitor's mistake", () => {
    const { lines } = captureLog();
    handleError(routingError(404, "Not Found", 'Error: No route matches URL "/favicon.ico"'), { request: request() });
    handleError(routingError(405, "Method Not Allowed", "Error: no action"), { request: request() });
    expect(lines).toEqual([]);
  });

  it("logs real failures, with their stack", () => {
    const { lines } = captureLog();
    handleError(new Error("boom"), { request: request() });
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        err: expect.objectContaining({ message: "boom", stack: expect.stringContaining("entry.server.test.ts") }),
      }),
    ]);
  });
});

describe("renderWholePage", () => {
  const never = new Promise<never>(() => {});
  function Pending(): never {
    throw never;
  }

  it("leaves no timer behind once the page is rendered, so nothing holds the finished render", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const page = await renderWholePage(createElement("p", null, "你好"), { abortAfterMs: 6000, onError: () => {} });
    expect(page.toString("utf8")).toBe("<p>你好</p>");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up a part still pending at the deadline: the page comes with its fallback, and the error is reported", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // React's development build warns when the abort meets a task still pending; the behaviour is what counts.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onError = vi.fn();
    const pending = createElement(Suspense, { fallback: createElement("i", null, "loading") }, createElement(Pending));
    const rendering = renderWholePage(createElement("div", null, pending), { abortAfterMs: 6000, onError });
    await vi.advanceTimersByTimeAsync(6000);
    expect((await rendering).toString("utf8")).toContain("<i>loading</i>");
    expect(onError).toHaveBeenCalledWith(expect.anything(), true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
