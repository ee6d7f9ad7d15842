/**
 * The property of window the entry module sets just before it hydrates the page. From then on React answers every
 * tap (it hydrates at once what is tapped); before it, the players' inline scripts do (components/content/early-play.tsx).
 */
export const HYDRATION_STARTED = "__hydrationStarted";

export function markHydrationStarted(): void {
  (window as unknown as Record<string, boolean>)[HYDRATION_STARTED] = true;
}
