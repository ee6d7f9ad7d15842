import type { ChangeRouteMessage } from "~/lib/change-route";

/** Only from its own origin: the frame shows this site, anything else is a stranger. */
export function acceptedChangeRoute(origin: string, data: unknown, ownOrigin: string, basePath: string): ChangeRouteMessage | null {
  if (origin !== ownOrigin || typeof data !== "object" || data === null) return null;
  const message = data as Partial<ChangeRouteMessage>;
  if (message.type !== "changeRoute" || typeof message.path !== "string" || !message.path.startsWith(basePath)) return null;
  if (typeof message.detail?.title !== "string") return null;
  return message as ChangeRouteMessage;
}
