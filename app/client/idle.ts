export function afterLoad(callback: () => void): void {
  if (document.readyState === "complete") callback();
  else window.addEventListener("load", callback, { once: true });
}

export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no idle callback: wait out the same timeout.
  const timer = window.setTimeout(callback, timeoutMs);
  return () => window.clearTimeout(timer);
}
