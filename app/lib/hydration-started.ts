/** Set just before hydration; until then the players' inline scripts answer taps (components/content/early-play.tsx). */
export const HYDRATION_STARTED = "__hydrationStarted";

export function markHydrationStarted(): void {
  (window as unknown as Record<string, boolean>)[HYDRATION_STARTED] = true;
}
