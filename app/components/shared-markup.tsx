import { createContext, useContext, type ComponentType, type ReactNode } from "react";

export type SharedMarkupProps = {
  as: "ul" | "nav";
  className?: string;
  "aria-label"?: string;
  /**
   * Everything the children render from (their props, and any router state they read, such as the query):
   * children rendered for equal `deps` (compared as JSON) are taken to be the same markup.
   */
  deps: unknown;
  children: ReactNode;
};

/** On the server, the renderer that reuses markup (app/shared-markup.server.tsx); null in the browser. */
export const SharedMarkupContext = createContext<ComponentType<SharedMarkupProps> | null>(null);

/**
 * A piece of a page that is the same for everyone who is shown the same data (card lists, comments, the
 * navigation panel): the server renders it once for a given `deps` and reuses the HTML for every visitor, the
 * logged-in included, whose pages are otherwise rendered fresh. In the browser the children render (and hydrate)
 * as usual: the reused HTML is exactly what React rendered for them.
 */
export function SharedMarkup(props: SharedMarkupProps) {
  const ServerMarkup = useContext(SharedMarkupContext);
  const { as: Element, deps: _deps, ...attributes } = props;
  return ServerMarkup ? <ServerMarkup {...props} /> : <Element {...attributes} />;
}
