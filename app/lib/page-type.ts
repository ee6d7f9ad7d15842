import { BASE_PATH, routerPath } from "~/lib/base-path";
import { PAGE_TYPES, typeOfSegment } from "~/lib/content-types";

/** Each is a family of its own in both the request metrics and the real-user metrics. */
export const PAGE_SECTIONS = new Set([
  "activity",
  "agreement",
  "auth",
  "bar",
  "content_model",
  "dejin",
  "dimim",
  "fazak",
  "fly_card",
  "invite",
  "list",
  "pc",
  "search",
  "special",
]);

export const DETAIL_MIN_SEGMENTS = 4;

export const PAGE_TYPE_LABELS: ReadonlySet<string> = new Set(["home", ...PAGE_TYPES.map(({ type }) => type), ...PAGE_SECTIONS, "other"]);

export function pageTypeOf(path: string): string {
  if (!path.startsWith(BASE_PATH)) return path === BASE_PATH.slice(0, -1) ? "home" : "other";
  const segments = routerPath(path).split("/").slice(1);
  if (segments.length === 1 && segments[0] === "") return "home";
  if (PAGE_SECTIONS.has(segments[0]!)) return segments[0]!;
  if (segments.length >= DETAIL_MIN_SEGMENTS) return typeOfSegment(segments[1]!)?.type ?? "other";
  return "other";
}
