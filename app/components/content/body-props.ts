import type { ReactNode } from "react";
import type { AlbumItem } from "~/bff/album.server";
import type { LiveInfo, LiveMessage, LivePage, LivePlace, LivePost, LiveWeather } from "~/bff/live.server";
import type { AudioMedia, MiniProgram, VideoMedia } from "~/bff/content.server";
import type { SpecialSection } from "~/bff/special.server";
import type { BodyKind } from "~/lib/content-types";
import type { ShareableContent } from "~/lib/share-meta";

/** Only what is rendered travels in the page's data. */
export type ContentView = ShareableContent & {
  post_id: string;
  /** The cover's WebP, or empty: WebpPicture shows it in the cover's place. */
  coverWebp: string;
  view_count: number;
  pic_num: number;
  album_status: { status: number; total: number } | null;
  /** The rich text, sanitized on the server; empty for types without one. */
  html: string;
};

/** A kind listed here gets its `extra` from the detail route's EXTRA_LOADERS hook of the same kind; a kind not listed gets null. */
export interface BodyExtras {
  /** Null when the platform sent no playable file. */
  video: VideoMedia | null;
  svideo: VideoMedia | null;
  audio: AudioMedia | null;
  gallery: { pictures: GalleryPicture[] };
  audio_album: AlbumEpisodes;
  video_album: AlbumEpisodes;
  /** Null when the platform sent no mini-program card (the page then shows the content alone). */
  mini_program: MiniProgram | null;
  special: { sections: SpecialSection[] };
  /** Null when the content names no broadcast (the page then shows its summary). */
  local_live: LiveRoom | null;
}

export type LiveRoom = {
  info: LiveInfo;
  posts: LivePage<LivePost>;
  messages: LivePage<LiveMessage>;
  place: LivePlace | null;
  weather: LiveWeather | null;
  /** The broadcast's event id as of the lists' reads (null: the platform did not say); the page's stream resumes after it. */
  resumeFrom: number | null;
};

/** A gallery picture; `webp` is the same at its size ("" where there is none); width and height let the swipe viewer lay it out before it loads. */
export type GalleryPicture = { url: string; webp: string; thumb: string; description: string; width: number; height: number };

/** The episodes an album page shows: pages 1..`pages` (?apage=), and the one playing in place (?play=), if any. */
export type AlbumEpisodes = { items: AlbumItem[]; total: number; pages: number; playing: string | null };

export type BodyExtra<K extends BodyKind> = K extends keyof BodyExtras ? BodyExtras[K] : null;

export type BodyProps<K extends BodyKind = BodyKind> = {
  content: ContentView;
  extra: BodyExtra<K>;
  /** When the page was made (ISO), for relative dates that match between server and client. */
  now: string;
  follow: ReactNode;
};
