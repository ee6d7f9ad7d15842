import type { AppLoadContext } from "@remix-run/node";
import type { LRUCache } from "lru-cache";

/** Types only, so the BFF's side of the render record imports nothing of rendering. */

/** Defined once per module, never inside a loader: a stored page reruns it for other visitors. */
export type PersonalPartKind<I, T extends object> = { own: (context: AppLoadContext, input: I) => Promise<T> };
export type Part = { anonymous: string; kind: PersonalPartKind<unknown, object>; input: unknown };
export type Slot = { html: string; render: (overrides: ReadonlyMap<string, string> | null) => string };
export type Hole = { at: number; anonymous: string; own: (overrides: ReadonlyMap<string, string>) => string };

export type StoredPersonalization = {
  parts: Part[];
  slots: Map<string, Slot>;
  renders: LRUCache<string, string>;
  cut: { storedGzip: Buffer; statics: string[]; holes: Hole[] } | null;
};

/** `statics` is the same array for every visitor of one stored page, so what derives from it is derived once. */
export type PersonalPage = { statics: readonly string[]; fills: string[]; setCookies: string[] };
