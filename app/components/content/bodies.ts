import { lazy, type ComponentType } from "react";
import { ArticleBody } from "~/components/content/article-body";
import type { BodyProps } from "~/components/content/body-props";
import { SummaryBody } from "~/components/content/summary-body";
import type { BodyKind } from "~/lib/content-types";

/**
 * A body in its own chunk, so that one page's player or viewer never lands in another page's (the article's)
 * first-load JavaScript. There is no Suspense boundary above the body: the server finishes it before it sends
 * the page (the HTML is whole, also without JavaScript) and hydration waits for the chunk.
 */
function lazyBody<K extends BodyKind>(load: () => Promise<ComponentType<BodyProps<K>>>): ComponentType<BodyProps<K>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** The body component of each body kind (the registry says which kind a content type uses). One line per kind. */
export const BODIES: { [K in BodyKind]: ComponentType<BodyProps<K>> } = {
  article: ArticleBody,
  video: lazyBody(() => import("~/components/content/video-body").then((m) => m.VideoBody)),
  svideo: lazyBody(() => import("~/components/content/svideo-body").then((m) => m.SvideoBody)),
  audio: lazyBody(() => import("~/components/content/audio-body").then((m) => m.AudioBody)),
  gallery: SummaryBody,
  audio_album: SummaryBody,
  video_album: SummaryBody,
  mini_program: SummaryBody,
  special: SummaryBody,
  local_live: SummaryBody,
};
