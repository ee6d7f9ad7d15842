import { BASE_PATH, routerPath } from "~/lib/base-path";
import { PAGE_TYPES, typeOfSegment } from "~/lib/content-types";

/**
 * The first path segments of the site's own pages under the base path (app/routes): each is a section of its own, in
 * the request metrics' route families (server/request-metrics.ts) and the real-user metrics' page types alike.
 */
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

/** A detail page (/{actor}/{type}/…/{post_id}/index) has at least this many segments under the base path. */
export const DETAIL_MIN_SEGMENTS = 4;

/**
 * Every value of the real-user metrics' `page_type` label: the home page, each content type's detail page
 * (`article`, `video`…), each section, and `other`.
 */
export const PAGE_TYPE_LABELS: ReadonlySet<string> = new Set(["home", ...PAGE_TYPES.map(({ type }) => type), ...PAGE_SECTIONS, "other"]);

/** The page type of a page's path (either language): a detail page by its content type, else its section. */
export function pageTypeOf(path: string): string {
  if (!path.startsWith(BASE_PATH)) return path === BASE_PATH.slice(0, -1) ? "home" : "other";
  const segments = routerPath(path).split("/").slice(1);
  if (segments.length === 1 && segments[0] === "") return "home";
  if (PAGE_SECTIONS.has(segments[0]!)) return segments[0]!;
  if (segments.length >= DETAIL_MIN_SEGMENTS) return typeOfSegment(segments[1]!)?.type ?? "other";
  return "other";
}
