import type { AppOpenParams } from "~/lib/app-open";

/** WeChat's open tags (<wx-open-launch-app>, <wx-open-launch-weapp>): what a page asks of one, and what it carries. */

/** What a page asks of an open tag. */
export type OpenTagProps =
  /** <wx-open-launch-app>: opens the app (by the mobile app's Open Platform AppID) at the page on screen. */
  | { kind: "app"; label: string }
  /** <wx-open-launch-weapp>: opens a mini program by its original id (gh_…) at `path`. */
  | { kind: "weapp"; label: string; username: string; path: string };

/** The app-open parameters (spec section 3) as the tag's `extinfo`: the same query string the app's links carry. */
export function openTagExtinfo(params: AppOpenParams | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value) query.set(name, value);
  return query.toString();
}
