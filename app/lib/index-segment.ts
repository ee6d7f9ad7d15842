export function isIndexSegment(segment: string | undefined): boolean {
  return segment === "index" || segment === "index.html";
}
