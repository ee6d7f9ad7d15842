import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { keepRootLoaderDataOnly, matchedRouteHandles, serializedStringInPage } from "~/framework/remix-internals";
import { PersonalRenderingContext, type Personal, type PersonalRendering, type SlotProps } from "~/hooks/use-personal";
import { useAround } from "~/render/shared-markup.server";
import type { Hole, PersonalPage, PersonalPartKind, Slot, StoredPersonalization } from "~/render/stored-personalization";

/**
 * A logged-in visitor's page made from the page stored for anonymous visitors (server/page-cache/page-store.ts), instead of
 * rendered afresh: the same content, lists and comments, with only the visitor's own parts put in. A route's
 * loader gives those parts as personal parts (`personalPart`), each one JSON string of the serialized loader data,
 * and the components that show them sit in PersonalSlots. When the anonymous page is rendered, both are recorded;
 * for a visitor, each part is computed for them and each slot rendered again with their parts, and both replace the
 * anonymous ones in the stored HTML. The browser then hydrates the visitor's page from the visitor's data. The stored
 * HTML is cut at those places once; a visitor's page is the cut pieces with their own parts in between, so the server
 * compresses and hashes only what is theirs (server/page-cache/personal-answer.ts).
 *
 * Only pages whose every route says so (`handle.personalized`) are made this way; a render where a personal part
 * is read outside a slot, or a loader says its page depends on the visitor otherwise (`dependsOnVisitor`), is not.
 */

/**
 * A slot's renders kept per visitor's parts, by size: the same visitor's next visit of the page (a reload, a way back)
 * renders nothing. Parts carry the session's CSRF token, so no two sessions share one.
 */
const SLOT_RENDERS_MAX_CHARS = 64 * 1024;

/** Per process and never rendered from content: a part's anonymous string cannot be forged by what a page shows. */
const MARK = randomBytes(12).toString("base64url");
let parts = 0;

/** The record of a render to be shared: where its personal parts are kept. */
const recordedFor = (context: AppLoadContext) => (context.shared ? context.render : null);

export const personalPartKind = <I, T extends object>(own: (context: AppLoadContext, input: I) => Promise<T>): PersonalPartKind<I, T> => ({ own });

/** A loader's personal part: computed for this request's visitor, and again for each visitor of a shared page. */
export async function personalPart<I, T extends object>(context: AppLoadContext, kind: PersonalPartKind<I, T>, input: I): Promise<Personal<T>> {
  const value = await kind.own(context, input);
  const recorded = recordedFor(context);
  if (!recorded) return JSON.stringify(value);
  // Marked, so that it is found exactly once in the page and no other value of the page's data equals it.
  const anonymous = JSON.stringify({ ...value, part: `${MARK}.${(parts += 1)}` });
  recorded.parts.push({ anonymous, kind: kind as PersonalPartKind<unknown, object>, input });
  return anonymous;
}

/** Called by a loader whose page shows the visitor's state outside its personal parts: visitors get it rendered afresh. */
export function dependsOnVisitor(context: AppLoadContext): void {
  const recorded = recordedFor(context);
  if (recorded) recorded.usable = false;
}

const slotMarkup = (name: string, html: string) => `<div class="personal" data-personal="${name}">${html}</div>`;

function findOnce(page: string, anonymous: string): number {
  const at = page.indexOf(anonymous);
  if (at < 0 || page.indexOf(anonymous, at + 1) >= 0) throw new Error("a personal part is not in the stored page exactly once");
  return at;
}

/** The stored page cut at its holes: the pieces between them, in order. */
function cutAt(page: string, holes: Hole[]): string[] {
  const statics: string[] = [];
  let from = 0;
  for (const hole of holes) {
    if (hole.at < from) throw new Error("two personal parts overlap in the stored page");
    statics.push(page.slice(from, hole.at));
    from = hole.at + hole.anonymous.length;
  }
  statics.push(page.slice(from));
  return statics;
}

function rendersTheSame(slot: Slot): boolean {
  try {
    return slot.render(null) === slot.html;
  } catch {
    return false;
  }
}

const isPersonalized = (remixContext: EntryContext) =>
  matchedRouteHandles(remixContext).every((handle) => (handle as { personalized?: boolean } | undefined)?.personalized === true);

/**
 * For a page rendered to be shared: the rendering context that records its slots, and once the page is rendered,
 * how it is made personal (null when it cannot be).
 */
export function recordPersonalRendering(context: AppLoadContext) {
  const slots = new Map<string, Slot>();
  let readOutsideSlot = false;

  function RecordedSlot({ name, children }: SlotProps) {
    const around = useAround();
    const render = (overrides: ReadonlyMap<string, string> | null) =>
      renderToString(
        around(
          <PersonalRenderingContext.Provider value={{ Slot: null, overrides, readOutsideSlot: () => undefined }}>
            {children}
          </PersonalRenderingContext.Provider>,
        ),
      );
    const html = render(null);
    slots.set(name, { html, render });
    return <div className="personal" data-personal={name} dangerouslySetInnerHTML={{ __html: html }} />;
  }

  const rendering: PersonalRendering = {
    Slot: RecordedSlot,
    overrides: null,
    readOutsideSlot: () => {
      readOutsideSlot = true;
    },
  };

  // The page's EntryContext is an argument, not kept: what is made personal keeps the recorded slots and parts only.
  function personalize(remixContext: EntryContext): StoredPersonalization | null {
    const recorded = recordedFor(context);
    if (!recorded?.usable || readOutsideSlot || !isPersonalized(remixContext)) return null;
    // Once the page is rendered, its route data is in its HTML, and a slot renders from its props, the visitor's parts
    // and the root's data only: the stored page keeps the root's and lets the rest go.
    keepRootLoaderDataOnly(remixContext);
    // A slot that reads other route data renders otherwise without it (or fails): its page is rendered afresh for visitors.
    if (![...slots.values()].every(rendersTheSame)) return null;
    const renders = new LRUCache<string, string>({ maxSize: SLOT_RENDERS_MAX_CHARS, sizeCalculation: (html, key) => html.length + key.length });
    return { parts: recorded.parts, slots, renders, cut: null };
  }

  return { rendering, personalize };
}

/** A slot's markup for a visitor's parts, rendered once per stored page and parts. */
function slotFor(personalization: StoredPersonalization, name: string, slot: Slot) {
  return (overrides: ReadonlyMap<string, string>) => {
    // JSON text has no raw NUL: the key is the visitor's parts, unambiguously.
    const key = `${name}\0${[...overrides.values()].join("\0")}`;
    let html = personalization.renders.get(key);
    if (html === undefined) personalization.renders.set(key, (html = slot.render(overrides)));
    return slotMarkup(name, html);
  };
}

/** Once per stored page: where its parts and slots are, and the pieces between them. */
function cutStored(personalization: StoredPersonalization, stored: Buffer) {
  const page = stored.toString("utf8");
  const holes: Hole[] = [
    ...personalization.parts.map(({ anonymous }): Hole => {
      const text = serializedStringInPage(anonymous);
      return { at: findOnce(page, text), anonymous: text, own: (overrides) => serializedStringInPage(overrides.get(anonymous) ?? "") };
    }),
    ...[...personalization.slots].map(([name, slot]): Hole => {
      const text = slotMarkup(name, slot.html);
      return { at: findOnce(page, text), anonymous: text, own: slotFor(personalization, name, slot) };
    }),
  ].sort((a, b) => a.at - b.at);
  return { stored, statics: cutAt(page, holes), holes };
}

/**
 * The stored page (its bytes, UTF-8) made the page of the visitor of `context`, their own load context. `inLanguage`
 * puts the visitor's parts in the page's language, as the page's loaders' answers were (the host's zh-Hant build).
 * Their session's cookie, if the parts changed it, is the host's to commit (server/remix/remix-handler.ts).
 */
export async function makePersonalPage(
  personalization: StoredPersonalization,
  stored: Buffer,
  context: AppLoadContext,
  inLanguage: <T>(value: T) => T = (value) => value,
): Promise<Omit<PersonalPage, "setCookie">> {
  const { parts } = personalization;
  const own = await Promise.all(parts.map(async (part) => inLanguage(await part.kind.own(context, part.input))));
  if (personalization.cut?.stored !== stored) personalization.cut = cutStored(personalization, stored);
  const overrides = new Map(parts.map((part, index) => [part.anonymous, JSON.stringify(own[index])]));
  return { statics: personalization.cut.statics, fills: personalization.cut.holes.map((hole) => hole.own(overrides)) };
}
