import { lazy, type ComponentType } from "react";
import { ArticleBody } from "~/components/content/article-body";
import type { BodyProps } from "~/components/content/body-props";
import type { BodyKind } from "~/lib/content-types";

type Body<K extends BodyKind> = ComponentType<BodyProps<K>>;

/**
 * A body in its own chunk, so that one page's player or viewer never lands in another page's (the article's)
 * first-load JavaScript: every type shares the one detail route. There is no Suspense boundary above the body: the
 * server finishes it before it sends the page (the HTML is whole, also without JavaScript), hydration waits for
 * the chunk, and a client-side navigation keeps the previous page until the chunk is in.
 */
function lazyBody<K extends BodyKind>(load: () => Promise<Body<K>>): Body<K> {
  return lazy(() => load().then((component) => ({ default: component })));
}

const AlbumBody = lazyBody(() => import("~/components/content/album-body").then((m) => m.AlbumBody));

/** The body component of each body kind (the registry says which kind a content type uses). One line per kind. */
export const BODIES: { [K in BodyKind]: Body<K> } = {
  article: ArticleBody,
  video: lazyBody(() => import("~/components/content/video-body").then((m) => m.VideoBody)),
  svideo: lazyBody(() => import("~/components/content/svideo-body").then((m) => m.SvideoBody)),
  audio: lazyBody(() => import("~/components/content/audio-body").then((m) => m.AudioBody)),
  gallery: lazyBody(() => import("~/components/content/gallery-body").then((m) => m.GalleryBody)),
  audio_album: AlbumBody,
  video_album: AlbumBody,
  mini_program: lazyBody(() => import("~/components/content/mini-program-body").then((m) => m.MiniProgramBody)),
  special: lazyBody(() => import("~/components/content/special-body").then((m) => m.SpecialBody)),
  local_live: lazyBody(() => import("~/components/content/live/live-body").then((m) => m.LiveBody)),
};
