import type { AppLoadContext } from "@remix-run/node";
import type { LRUCache } from "lru-cache";

/**
 * What a page rendered to be shared keeps for making logged-in visitors' pages from it (app/render/personal.server.tsx):
 * data the render record carries to the page store (server/page-cache/page-store.ts), with no visitor in it. Types only, so that
 * the BFF's side of the render record imports nothing of rendering.
 */

/**
 * A kind of personal part: how it is computed for a visitor from its input. Defined once per module, never inside a
 * loader: a stored page keeps the kind and the input (data), and runs it for other visitors with their own load context.
 */
export type PersonalPartKind<I, T extends object> = { own: (context: AppLoadContext, input: I) => Promise<T> };
export type Part = { anonymous: string; kind: PersonalPartKind<unknown, object>; input: unknown };
export type Slot = { html: string; render: (overrides: ReadonlyMap<string, string> | null) => string };
/** Where a stored page is cut: the anonymous text at `at`, and what stands there for a visitor. */
export type Hole = { at: number; anonymous: string; own: (overrides: ReadonlyMap<string, string>) => string };

/**
 * How a logged-in visitor's page is made from a stored page: its parts (kind and input), its recorded slots, and what
 * is derived once per stored page (where it is cut, the slots' renders per visitor's parts).
 */
export type StoredPersonalization = {
  parts: Part[];
  slots: Map<string, Slot>;
  renders: LRUCache<string, string>;
  cut: { stored: Buffer; statics: string[]; holes: Hole[] } | null;
};

/**
 * A visitor's own page: `statics[0] + fills[0] + statics[1] + … + statics[n]`, and the session cookie the host sends
 * with it when the session changed (a toast taken). `statics` is the stored page cut at its personal parts, the same array for
 * every visitor of one stored page, so what is derived from it (its compressed pieces, its scripts' hashes) is derived
 * once; `fills` are this visitor's parts.
 */
export type PersonalPage = { statics: readonly string[]; fills: string[]; setCookie: string | null };
