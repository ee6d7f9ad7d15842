import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "~/lib/toast";
import type { Visitor } from "~/visitor/session.server";

/** One JSON string, so the host can swap a logged-in visitor's own part into a page stored for anonymous ones (app/render/personal.server.tsx). */
export type Personal<T> = string & { readonly __personal?: T };

export type Viewer = { user: Visitor["user"]; csrfToken: string; toast: Toast | null };

const ANONYMOUS_VIEWER: Personal<Viewer> = JSON.stringify({ user: null, csrfToken: "", toast: null } satisfies Viewer);

export type SlotProps = { name: string; children: ReactNode };

/** Set on the server while a page is rendered for the store; a personal part read outside a `Slot` makes the page unpersonalizable. */
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

export function useViewer(): Viewer {
  return usePersonal(useRouteLoaderData<{ viewer: Personal<Viewer> }>("root")?.viewer ?? ANONYMOUS_VIEWER);
}
