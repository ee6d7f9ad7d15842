import type { AppLoadContext } from "@remix-run/node";
import type { Caller, RenderSink } from "~/bff/client.server";
import type { Part, StoredPersonalization } from "~/render/stored-personalization";
import type { LoadContext } from "~/runtime/load-context";

/**
 * Read by the page store once the render is done: tags let a write drop every page of an item, and a page rendered
 * while an upstream call failed is not kept for others.
 */
export type RenderRecord = RenderSink & {
  parts: Part[];
  usable: boolean;
  personalization: StoredPersonalization | null;
};

export function newRenderRecord(): RenderRecord {
  return { tags: new Set(), incomplete: false, staleKeys: new Set(), parts: [], usable: true, personalization: null };
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    render: RenderRecord | null;
    caller(): Promise<Caller>;
  }
}

export function renderContext(context: Pick<AppLoadContext, keyof LoadContext | "visitor">, render: RenderRecord | null): AppLoadContext {
  return { ...context, render, caller: () => context.visitor.caller(render) };
}
