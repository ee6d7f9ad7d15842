import type { AppOpenParams } from "~/lib/app-open";

export type OpenTagProps = { kind: "app"; label: string } | { kind: "weapp"; label: string; username: string; path: string };

export function openTagExtinfo(params: AppOpenParams | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value) query.set(name, value);
  return query.toString();
}
