// Debian's Chromium, as the browser tests and the benchmark launch it. Playwright cannot download its own
// browsers here; as root Chromium needs --no-sandbox, and with no internet the background services must stay off.
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-gpu",
  "--disable-quic",
];
