/** The last path segment of a list page (spec section 2): 'index', also written 'index.html'. */
export function isIndexSegment(segment: string | undefined): boolean {
  return segment === "index" || segment === "index.html";
}
