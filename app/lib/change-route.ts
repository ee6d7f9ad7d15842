/**
 * Spec section 2: a detail page tells its parent window (the /pc wrapper, which frames it) that the route changed,
 * with the document detail. Only what the wrapper can use travels, and only to this site's own origin.
 */
export type ChangeRouteMessage = {
  type: "changeRoute";
  /** The framed page's address (path and query, under the base path). */
  path: string;
  detail: { post_id: string; content_type: string; title: string; summary: string; cover: string };
};

export function changeRouteMessage(path: string, content: ChangeRouteMessage["detail"]): ChangeRouteMessage {
  const { post_id, content_type, title, summary, cover } = content;
  return { type: "changeRoute", path, detail: { post_id, content_type, title, summary, cover } };
}

/**
 * The message the wrapper accepts: from its own origin (the frame shows this site; anything else is a stranger),
 * of the right shape, with a path under the base path (the wrapper puts it into its own address).
 */
export function acceptedChangeRoute(origin: string, data: unknown, ownOrigin: string, basePath: string): ChangeRouteMessage | null {
  if (origin !== ownOrigin || typeof data !== "object" || data === null) return null;
  const message = data as Partial<ChangeRouteMessage>;
  if (message.type !== "changeRoute" || typeof message.path !== "string" || !message.path.startsWith(basePath)) return null;
  if (typeof message.detail?.title !== "string") return null;
  return message as ChangeRouteMessage;
}
