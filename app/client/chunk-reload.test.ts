import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installChunkReloadGuard, isChunkLoadError } from "./chunk-reload";

function rejection(reason: unknown): Event {
  return Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
}

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://x/davmu/share/assets/a-1.js",
    "error loading dynamically imported module",
    "Importing a module script failed.",
    "Unable to preload CSS for /davmu/share/assets/a.css",
  ])("recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it("ignores other failures", () => {
    expect(isChunkLoadError(new Error("Network request failed"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: "Failed to fetch dynamically imported module" })).toBe(false);
  });
});

describe("installChunkReloadGuard", () => {
  let storage: Map<string, string>;
  let reload: ReturnType<typeof vi.fn>;
  let uninstall: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    storage = new Map();
    reload = vi.fn();
    vi.stubGlobal("window", new EventTarget());
    vi.stubGlobal("location", { reload });
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    });
    uninstall = installChunkReloadGuard();
  });

  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("reloads on a Vite preload error and records when", () => {
    const event = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(storage.get("chunk-reload-at")).toBe("1000000");
  });

  it("reloads on an unhandled dynamic-import rejection only", () => {
    window.dispatchEvent(rejection(new Error("something else")));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /a.js")));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at most once per 60 s", () => {
    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    vi.advanceTimersByTime(59_999);
    const second = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload when session storage is unavailable", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    expect(reload).not.toHaveBeenCalled();
  });

  it("stops listening once uninstalled", () => {
    uninstall();
    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    expect(reload).not.toHaveBeenCalled();
  });
});
