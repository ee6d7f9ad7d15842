import type { AppLoadContext } from "@remix-run/node";
import type { Caller, RenderSink } from "~/bff/client.server";
import type { Part, StoredPersonalization } from "~/render/stored-personalization";
import type { LoadContext } from "~/runtime/load-context";

/**
 * One render's record, read by the page store (server/page-cache/page-store.ts) once the render is done. The host makes one per
 * render and hands it to loaders in the load context (`context.render`); the BFF's calls fill their part of it through
 * their Caller (`context.caller()` passes it on): what the page shows, as tags (app/lib/content-tag.ts), so the store can drop
 * every page of a content item when this site changes it (app/runtime/content-writes.server.ts); whether all of it came
 * (a page rendered while an upstream call failed is not kept for others); which cached answers were stale. A render to
 * be shared also records its personal parts (app/render/personal.server.tsx), and entry.server how a logged-in
 * visitor's page is made from it.
 */
export type RenderRecord = RenderSink & {
  /** The personal parts its loaders gave, and whether the page can be made personal from them at all. */
  parts: Part[];
  usable: boolean;
  /** How a logged-in visitor's page is made from this one, when it can be (app/render/personal.server.tsx). */
  personalization: StoredPersonalization | null;
};

export function newRenderRecord(): RenderRecord {
  return { tags: new Set(), incomplete: false, staleKeys: new Set(), parts: [], usable: true, personalization: null };
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This render's record; null for work that is no page's render (a resource route's action, say). */
    render: RenderRecord | null;
    /** The caller of this render's upstream calls: the visitor's token, the request's signal and deadline, this render's record. */
    caller(): Promise<Caller>;
  }
}

/** A render's load context, made once per render (server/remix-handler.ts): the request's, joined to the render's record. */
export function renderContext(context: Pick<AppLoadContext, keyof LoadContext | "visitor">, render: RenderRecord | null): AppLoadContext {
  return { ...context, render, caller: () => context.visitor.caller(render) };
}
