import type { ComponentType } from "react";
import { ArticleBody } from "~/components/content/article-body";
import type { BodyProps } from "~/components/content/body-props";
import { chunkedComponent } from "~/components/preloaded-chunks";
import type { BodyKind } from "~/lib/content-types";

type Body<K extends BodyKind> = ComponentType<BodyProps<K>>;

// Every body but the article's is a chunk of its own (components/preloaded-chunks.ts says how and why).
/** The body component of each body kind (the registry says which kind a content type uses). One line per kind. */
export const BODIES: { [K in BodyKind]: Body<K> } = {
  article: ArticleBody,
  video: chunkedComponent("video"),
  svideo: chunkedComponent("svideo"),
  audio: chunkedComponent("audio"),
  gallery: chunkedComponent("gallery"),
  audio_album: chunkedComponent("audio_album"),
  video_album: chunkedComponent("video_album"),
  mini_program: chunkedComponent("mini_program"),
  special: chunkedComponent("special"),
  local_live: chunkedComponent("local_live"),
};
