import type { ComponentType } from "react";
import type { BodyProps } from "~/components/content/body-props";
import type { BodyKind } from "~/lib/content-types";

/** Every body but the article's loads as a chunk of its own (bodies.ts). */
export type ChunkedBodyKind = Exclude<BodyKind, "article">;

type Body<K extends BodyKind> = ComponentType<BodyProps<K>>;

/** How each chunked body loads. One line per kind. */
const CHUNKS: { [K in ChunkedBodyKind]: () => Promise<Body<K>> } = {
  video: () => import("~/components/content/video-body").then((m) => m.VideoBody),
  svideo: () => import("~/components/content/svideo-body").then((m) => m.SvideoBody),
  audio: () => import("~/components/content/audio-body").then((m) => m.AudioBody),
  gallery: () => import("~/components/content/gallery-body").then((m) => m.GalleryBody),
  audio_album: () => import("~/components/content/album-body").then((m) => m.AlbumBody),
  video_album: () => import("~/components/content/album-body").then((m) => m.AlbumBody),
  mini_program: () => import("~/components/content/mini-program-body").then((m) => m.MiniProgramBody),
  special: () => import("~/components/content/special-body").then((m) => m.SpecialBody),
  local_live: () => import("~/components/content/live/live-body").then((m) => m.LiveBody),
};

const loaded = new Map<ChunkedBodyKind, Body<ChunkedBodyKind>>();

export function loadBody<K extends ChunkedBodyKind>(kind: K): Promise<Body<K>> {
  return CHUNKS[kind]().then((body) => {
    loaded.set(kind, body as unknown as Body<ChunkedBodyKind>);
    return body;
  });
}

/** The body of a kind whose chunk has already arrived, else null. */
export function loadedBody<K extends ChunkedBodyKind>(kind: K): Body<K> | null {
  return (loaded.get(kind) as unknown as Body<K> | undefined) ?? null;
}

/**
 * Before hydration (entry.client.tsx): the chunk of the body the server rendered (its kind is the detail page's
 * `data-body`), so hydration renders that body at once. A body that suspended while the page hydrated made React
 * 18 find a mismatch on its retry and render the whole page again on the client. A failed load only costs that.
 */
export function preloadPageBody(): Promise<void> {
  const kind = document.querySelector<HTMLElement>("main[data-body]")?.dataset.body;
  if (!kind || !(kind in CHUNKS)) return Promise.resolve();
  return loadBody(kind as ChunkedBodyKind).then(
    () => undefined,
    () => undefined,
  );
}
