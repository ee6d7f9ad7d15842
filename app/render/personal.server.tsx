import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { keepRootLoaderDataOnly, matchedRouteHandles, serializedStringInPage } from "~/framework/remix-internals";
import { PersonalRenderingContext, type Personal, type PersonalRendering, type SlotProps } from "~/hooks/use-personal";
import { useAround } from "~/render/shared-markup.server";
import type { Hole, PersonalPage, PersonalPartKind, Slot, StoredPersonalization } from "~/render/stored-personalization";

/** A logged-in visitor's page made from the stored anonymous one, so only their own parts are rendered and compressed. */

/** Parts carry the session's CSRF token, so no two sessions share a render. */
const SLOT_RENDERS_MAX_CHARS = 64 * 1024;

/** Per process and never rendered from content, so a part's anonymous string cannot be forged by what a page shows. */
const MARK = randomBytes(12).toString("base64url");
let parts = 0;

const recordedFor = (context: AppLoadContext) => (context.forStore ? context.record : null);

export const personalPartKind = <I, T extends object>(own: (context: AppLoadContext, input: I) => Promise<T>): PersonalPartKind<I, T> => ({ own });

export async function personalPart<I, T extends object>(context: AppLoadContext, kind: PersonalPartKind<I, T>, input: I): Promise<Personal<T>> {
  const value = await kind.own(context, input);
  const recorded = recordedFor(context);
  if (!recorded) return JSON.stringify(value);
  // Marked, so it is found exactly once in the page.
  const anonymous = JSON.stringify({ ...value, part: `${MARK}.${(parts += 1)}` });
  recorded.parts.push({ anonymous, kind: kind as PersonalPartKind<unknown, object>, input });
  return anonymous;
}

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

  function personalize(remixContext: EntryContext): StoredPersonalization | null {
    const recorded = recordedFor(context);
    if (!recorded?.usable || readOutsideSlot || !isPersonalized(remixContext)) return null;
    // The route data is already in the HTML, so the stored page keeps only the root's.
    keepRootLoaderDataOnly(remixContext);
    // A slot that reads other route data would render otherwise without it.
    if (![...slots.values()].every(rendersTheSame)) return null;
    const renders = new LRUCache<string, string>({ maxSize: SLOT_RENDERS_MAX_CHARS, sizeCalculation: (html, key) => html.length + key.length });
    return { parts: recorded.parts, slots, renders, cut: null };
  }

  return { rendering, personalize };
}

function slotFor(personalization: StoredPersonalization, name: string, slot: Slot) {
  return (overrides: ReadonlyMap<string, string>) => {
    const key = `${name}\0${[...overrides.values()].join("\0")}`;
    let html = personalization.renders.get(key);
    if (html === undefined) personalization.renders.set(key, (html = slot.render(overrides)));
    return slotMarkup(name, html);
  };
}

function cutStored(personalization: StoredPersonalization, storedGzip: Buffer) {
  const page = gunzipSync(storedGzip).toString("utf8");
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
  return { storedGzip, statics: cutAt(page, holes), holes };
}

/** The session cookie, if the parts changed it, is the host's to commit. */
export async function makePersonalPage(
  personalization: StoredPersonalization,
  storedGzip: Buffer,
  context: AppLoadContext,
  inLanguage: <T>(value: T) => T = (value) => value,
): Promise<Omit<PersonalPage, "setCookies">> {
  const { parts } = personalization;
  const own = await Promise.all(parts.map(async (part) => inLanguage(await part.kind.own(context, part.input))));
  if (personalization.cut?.storedGzip !== storedGzip) personalization.cut = cutStored(personalization, storedGzip);
  const overrides = new Map(parts.map((part, index) => [part.anonymous, JSON.stringify(own[index])]));
  return { statics: personalization.cut.statics, fills: personalization.cut.holes.map((hole) => hole.own(overrides)) };
}
