import type { MetaDescriptor } from "@remix-run/node";
import type { Card } from "~/bff/content.server";
import type { BodyExtra, ContentView } from "~/components/content/body-props";
import type { BodyKind } from "~/lib/content-types";
import { fetchPriority } from "~/lib/fetch-priority";

/**
 * The page's largest contentful paint on a phone: the head preloads it at high priority and the scripts start once it
 * is in (ScriptsAfterHero), so on a slow network it gets the bandwidth first.
 */
export type HeroPicture = { src: string; referrerPolicy?: "no-referrer"; type?: "image/webp" };

export const HERO_PRELOAD_SELECTOR = 'link[rel="preload"][as="image"][fetchpriority="high"]';

export function heroPreload(hero: HeroPicture | null | undefined): MetaDescriptor[] {
  if (!hero) return [];
  // A typed preload is skipped by a browser that cannot show the type, as the <picture> skips its source.
  return [
    { tagName: "link", rel: "preload", as: "image", href: hero.src, type: hero.type, ...fetchPriority("high"), referrerPolicy: hero.referrerPolicy },
  ];
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&nbsp;": "\u00a0" };

/** Marked `fetchpriority="high"` by the sanitizer (app/bff/sanitize.worker.ts), whose serialization double-quotes and escapes attributes. */
export function firstBodyPicture(html: string): HeroPicture | null {
  const tag = /<img\b[^>]*\bfetchpriority="high"[^>]*>/.exec(html)?.[0];
  const src = tag && /\ssrc="([^"]*)"/.exec(tag)?.[1];
  if (!src) return null;
  return { src: src.replace(/&amp;|&quot;|&nbsp;/g, (entity) => ENTITIES[entity]), referrerPolicy: "no-referrer" };
}

const picture = (src: string | undefined): HeroPicture | null => (src ? { src } : null);

/** A picture as WebpPicture shows it: the WebP where there is one. */
const webpHero = (src: string | undefined, webp: string | undefined): HeroPicture | null =>
  src && webp ? { src: webp, type: "image/webp" } : picture(src);

export const coverHero = ({ cover, coverWebp }: Pick<Card, "cover" | "coverWebp">) => webpHero(cover, coverWebp);

type HeroOf<K extends BodyKind> = (content: ContentView, extra: BodyExtra<K>) => HeroPicture | null;

/** Each body's hero, as its component renders it (components/content/*-body.tsx). */
const HEROES: { [K in BodyKind]: HeroOf<K> } = {
  article: (content) => firstBodyPicture(content.html),
  video: (_content, media) => picture(media?.poster),
  svideo: (_content, media) => picture(media?.poster),
  audio: (content, media) => (media ? coverHero(content) : null),
  gallery: (_content, { pictures: [first] }) => webpHero(first?.url, first?.webp),
  // An episode playing in place takes the cover's place.
  audio_album: (content, { playing }) => (playing ? null : coverHero(content)),
  video_album: (content, { playing }) => (playing ? null : coverHero(content)),
  mini_program: (content) => coverHero(content),
  special: (content) => coverHero(content),
  // The stage picks its poster from the broadcast's state: the scripts start without waiting.
  local_live: () => null,
};

export function heroPictureOf<K extends BodyKind>(body: K, content: ContentView, extra: BodyExtra<K>): HeroPicture | null {
  return (HEROES[body] as HeroOf<K>)(content, extra);
}
