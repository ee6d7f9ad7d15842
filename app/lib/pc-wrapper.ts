import type { ChangeRouteMessage } from "~/lib/change-route";

/**
 * The /pc wrapper follows the changeRoute message of the page it frames (app/lib/change-route.ts) only when it
 * comes from its own origin (the frame shows this site; anything else is a stranger), has the right shape, and
 * names a path under the base path (the wrapper puts it into its own address).
 */
export function acceptedChangeRoute(origin: string, data: unknown, ownOrigin: string, basePath: string): ChangeRouteMessage | null {
  if (origin !== ownOrigin || typeof data !== "object" || data === null) return null;
  const message = data as Partial<ChangeRouteMessage>;
  if (message.type !== "changeRoute" || typeof message.path !== "string" || !message.path.startsWith(basePath)) return null;
  if (typeof message.detail?.title !== "string") return null;
  return message as ChangeRouteMessage;
}
