import { lazy, type ComponentType } from "react";
import { AlbumBody } from "~/components/content/album-body";
import { ArticleBody } from "~/components/content/article-body";
import type { BodyProps } from "~/components/content/body-props";
import { GalleryBody } from "~/components/content/gallery-body";
import { MiniProgramBody } from "~/components/content/mini-program-body";
import { SpecialBody } from "~/components/content/special-body";
import { SummaryBody } from "~/components/content/summary-body";
import type { BodyKind } from "~/lib/content-types";

type Body<K extends BodyKind> = ComponentType<BodyProps<K>>;

/**
 * A body the browser loads on demand, so one type's body is not in every detail page's first-load JavaScript
 * (they all share this route). Use it as `import.meta.env.SSR ? XBody : onDemand(() => import(…))`: the server
 * renders the body in place (a page without JavaScript is whole), the client build drops the static import and
 * hydrates the body (DetailLayout's Suspense keeps the server's HTML meanwhile) once its chunk has loaded.
 */
function onDemand<K extends BodyKind>(load: () => Promise<Body<K>>): Body<K> {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** The body component of each body kind (the registry says which kind a content type uses). One line per kind. */
export const BODIES: { [K in BodyKind]: Body<K> } = {
  article: ArticleBody,
  video: SummaryBody,
  svideo: SummaryBody,
  audio: SummaryBody,
  gallery: import.meta.env.SSR ? GalleryBody : onDemand(() => import("~/components/content/gallery-body").then((m) => m.GalleryBody)),
  audio_album: import.meta.env.SSR ? AlbumBody : onDemand(() => import("~/components/content/album-body").then((m) => m.AlbumBody)),
  video_album: import.meta.env.SSR ? AlbumBody : onDemand(() => import("~/components/content/album-body").then((m) => m.AlbumBody)),
  mini_program: import.meta.env.SSR
    ? MiniProgramBody
    : onDemand(() => import("~/components/content/mini-program-body").then((m) => m.MiniProgramBody)),
  special: import.meta.env.SSR ? SpecialBody : onDemand(() => import("~/components/content/special-body").then((m) => m.SpecialBody)),
  local_live: SummaryBody,
};
