// Debian's Chromium, as the browser tests and the benchmark launch it. Playwright cannot download its own
// browsers here; as root Chromium needs --no-sandbox, and with no internet the background services must stay off.
export const CHROMIUM_PATH = "/usr/bin/chromium";

// The browser tests' Chromium: the same engine without the browser around it (Debian's chromium-headless-shell, the
// build Playwright itself runs headless). It rendered the same pages in about half the time of the full browser's
// headless mode on 2 cores (docs/testing.md); Lighthouse keeps the full browser, whose headless mode is Chrome's.
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-gpu",
  "--disable-quic",
];
