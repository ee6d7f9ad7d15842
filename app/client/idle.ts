/** Runs `callback` once the page has loaded: at once when it has. */
export function afterLoad(callback: () => void): void {
  if (document.readyState === "complete") callback();
  else window.addEventListener("load", callback, { once: true });
}

/** Runs `callback` when the browser is idle, at the latest after `timeoutMs`. Returns a function that cancels it. */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no idle callback: wait out the same timeout.
  const timer = window.setTimeout(callback, timeoutMs);
  return () => window.clearTimeout(timer);
}
