import { createElement, lazy, useState, type ComponentType } from "react";
import { ArticleBody } from "~/components/content/article-body";
import { loadBody, loadedBody, type ChunkedBodyKind } from "~/components/content/body-chunks";
import type { BodyProps } from "~/components/content/body-props";
import type { BodyKind } from "~/lib/content-types";

type Body<K extends BodyKind> = ComponentType<BodyProps<K>>;

/**
 * A body in its own chunk, so that one page's player or viewer never lands in another page's (the article's)
 * first-load JavaScript: every type shares the one detail route. There is no Suspense boundary above the body: the
 * server finishes it before it sends the page (the HTML is whole, also without JavaScript), the page's own body
 * chunk is loaded before hydration (body-chunks.ts), and a client-side navigation keeps the previous page until
 * the chunk is in.
 */
function lazyBody<K extends ChunkedBodyKind>(kind: K): Body<K> {
  const Lazy = lazy(() => loadBody(kind).then((component) => ({ default: component })));
  function ChunkedBody(props: BodyProps<K>) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded body later would remount it.
    const [Loaded] = useState(() => loadedBody(kind));
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return ChunkedBody;
}

/** The body component of each body kind (the registry says which kind a content type uses). One line per kind. */
export const BODIES: { [K in BodyKind]: Body<K> } = {
  article: ArticleBody,
  video: lazyBody("video"),
  svideo: lazyBody("svideo"),
  audio: lazyBody("audio"),
  gallery: lazyBody("gallery"),
  audio_album: lazyBody("audio_album"),
  video_album: lazyBody("video_album"),
  mini_program: lazyBody("mini_program"),
  special: lazyBody("special"),
  local_live: lazyBody("local_live"),
};
