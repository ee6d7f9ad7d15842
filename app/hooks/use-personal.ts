import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "~/lib/toast";
import type { Visitor } from "~/visitor/session.server";

/**
 * A visitor's own part of a route's loader data (login state, the CSRF token, a toast, collect and follow state),
 * carried as one JSON string. As one string it is one value of the page's serialized data, so the host can put a
 * logged-in visitor's own part into a page stored for anonymous visitors (app/render/personal.server.tsx).
 */
export type Personal<T> = string & { readonly __personal?: T };

/** The root loader's personal part. */
export type Viewer = { user: Visitor["user"]; csrfToken: string; toast: Toast | null };

const ANONYMOUS_VIEWER: Personal<Viewer> = JSON.stringify({ user: null, csrfToken: "", toast: null } satisfies Viewer);

export type SlotProps = { name: string; children: ReactNode };

/**
 * Set on the server while a page is rendered to be shared: `Slot` renders and records a PersonalSlot, and a personal
 * part read anywhere else makes the page one that cannot be personalized. Inside a slot, `overrides` maps an
 * anonymous part to the visitor's own when the slot is rendered again for them.
 */
export type PersonalRendering = {
  Slot: ComponentType<SlotProps> | null;
  overrides: ReadonlyMap<string, string> | null;
  readOutsideSlot: () => void;
};

export const PersonalRenderingContext = createContext<PersonalRendering | null>(null);

export function usePersonal<T>(part: Personal<T>): T {
  const rendering = useContext(PersonalRenderingContext);
  if (rendering?.Slot) rendering.readOutsideSlot();
  const own = rendering?.overrides?.get(part) ?? part;
  return useMemo(() => JSON.parse(own) as T, [own]);
}

/** Who is looking at the page: the root loader's personal part (anonymous on a page without root data). */
export function useViewer(): Viewer {
  return usePersonal(useRouteLoaderData<{ viewer: Personal<Viewer> }>("root")?.viewer ?? ANONYMOUS_VIEWER);
}
