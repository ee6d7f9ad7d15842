import type { AppOpenParams } from "~/lib/app-open";

export type OpenTagProps =
  /** By the mobile app's Open Platform AppID, not the site's. */
  | { kind: "app"; label: string }
  /** By the mini program's original id (gh_…). */
  | { kind: "weapp"; label: string; username: string; path: string };

export function openTagExtinfo(params: AppOpenParams | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value) query.set(name, value);
  return query.toString();
}
