import type { ComponentType } from "react";
import { ArticleBody } from "~/components/content/article-body";
import type { BodyProps } from "~/components/content/body-props";
import { SummaryBody } from "~/components/content/summary-body";
import type { BodyKind } from "~/lib/content-types";

/** The body component of each body kind (the registry says which kind a content type uses). One line per kind. */
export const BODIES: { [K in BodyKind]: ComponentType<BodyProps<K>> } = {
  article: ArticleBody,
  video: SummaryBody,
  svideo: SummaryBody,
  audio: SummaryBody,
  gallery: SummaryBody,
  audio_album: SummaryBody,
  video_album: SummaryBody,
  mini_program: SummaryBody,
  special: SummaryBody,
  local_live: SummaryBody,
};
