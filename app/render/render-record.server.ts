import type { AppLoadContext } from "@remix-run/node";
import type { Caller, RenderRecordBase } from "~/bff/client.server";
import type { Part, StoredPersonalization } from "~/render/stored-personalization";
import type { LoadContext } from "~/runtime/load-context";

/** Read by the page store: tags let a write drop an item's pages; a render with a failed upstream call is not kept. */
export type RenderRecord = RenderRecordBase & {
  parts: Part[];
  usable: boolean;
  personalization: StoredPersonalization | null;
};

export function newRenderRecord(): RenderRecord {
  return { tags: new Set(), incomplete: false, staleKeys: new Set(), parts: [], usable: true, personalization: null };
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    record: RenderRecord | null;
    caller(): Promise<Caller>;
  }
}

export function renderContext(context: Pick<AppLoadContext, keyof LoadContext | "visitor">, record: RenderRecord | null): AppLoadContext {
  return { ...context, record, caller: () => context.visitor.caller(record) };
}
