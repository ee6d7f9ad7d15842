import { pushOpenApp, showToast } from "~/client/events";
import { trackAppLaunch } from "~/client/tracking";
import { LAUNCH_TIMEOUT_MS, launchOutcome, launchPlan, type LaunchAttemptKind, type LaunchGuide, type LaunchSignal } from "~/lib/app-launch";
import type { AppOpenParams } from "~/lib/app-open";
import type { RootData } from "~/hooks/use-root-data";

/** Loaded on demand by the "open the app" control, so no page carries it in its first-load JavaScript. */

type Attempt = { kind: LaunchAttemptKind; url: string; fallbackUrl: string };

/** The attempt under way: a second tap while it runs launches nothing. */
let running = false;

/** Opens a URL as a tap on a link does, the one way every browser honours for schemes, intents and app links. */
function follow(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hidden within LAUNCH_TIMEOUT_MS means the app opened; still visible, the visitor goes to the download address. */
export function launchApp(attempt: Attempt): boolean {
  if (running) return false;
  running = true;
  trackAppLaunch("attempt");

  let timeUp = false;
  const cleanups: (() => void)[] = [];
  const decide = (signal: LaunchSignal) => {
    const outcome = launchOutcome(attempt.kind, signal, { hidden: document.visibilityState === "hidden", focused: document.hasFocus() });
    if (!outcome) return;
    for (const cleanup of cleanups.splice(0)) cleanup();
    running = false;
    trackAppLaunch(outcome);
    // Only a page nobody navigated goes on to the download address: an unloaded one is on its way to a fallback.
    if (outcome === "fell_back" && signal !== "pagehide" && attempt.fallbackUrl) window.location.assign(attempt.fallbackUrl);
  };
  const watch = (target: Window | Document, type: string, signal: LaunchSignal, applies: () => boolean) => {
    const listener = () => {
      if (applies()) decide(signal);
    };
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };
  watch(document, "visibilitychange", "hidden", () => document.visibilityState === "hidden");
  watch(window, "pagehide", "pagehide", () => true);
  // Losing the focus decides nothing by itself; getting it back after the time is up does.
  watch(window, "focus", "focus", () => timeUp);
  const timer = window.setTimeout(() => {
    timeUp = true;
    decide("timeout");
  }, LAUNCH_TIMEOUT_MS);
  cleanups.push(() => window.clearTimeout(timer));

  follow(attempt.url);
  return true;
}

/**
 * `showGuide` opens the launch-tips layer (WeChat on Android or Harmony, or an in-app browser that blocks apps).
 * Spec section 1: every press but WeChat's on Android or Harmony emits the openApp push.
 */
export function openApp(
  root: Pick<RootData, "device" | "appLaunch" | "site">,
  params: AppOpenParams | null,
  showGuide: (browser: LaunchGuide["browser"]) => void,
  itemAppUrl = "",
): void {
  const plan = launchPlan(root.device, root.appLaunch, params, root.site.downloadUrl, window.location.origin, itemAppUrl);
  if (plan.kind === "launch-tips") {
    showGuide("browser");
    return;
  }
  pushOpenApp();
  switch (plan.kind) {
    case "guide":
      showGuide(plan.browser);
      return;
    case "download":
      if (plan.url) window.location.assign(plan.url);
      else showToast({ text: "暂时无法下载APP，请稍后再试", kind: "error" });
      return;
    case "unavailable":
      showToast({ text: "当前环境无法打开APP", kind: "info" });
      return;
    default:
      launchApp(plan);
  }
}
