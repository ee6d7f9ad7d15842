import { createElement, lazy, useState, type ComponentType } from "react";
import type { NavigationItem } from "~/bff/app-config.server";
import type { BodyProps } from "~/components/content/body-props";
import type { RootData } from "~/hooks/use-root-data";
import type { BodyKind } from "~/lib/content-types";

/**
 * Components a page renders whole on the server but loads as chunks of their own in the browser, so that one
 * page's player, viewer or bar never lands in another page's first-load JavaScript: every detail body but the
 * article's, the bottom bar and the mini-program chrome. There is no Suspense boundary above them (the HTML is
 * whole, also without JavaScript; React 18 hydrates a boundary only after the rest, and one that a synchronous update
 * such as WeChat's answer reached first was thrown away, error #421). The entry loads the ones the page shows before
 * it hydrates (`preloadPageChunks`): a component that suspended mid-hydration made React 18 find a mismatch on its
 * retry and render the whole page again on the client.
 */
type Props = { [K in Exclude<BodyKind, "article">]: BodyProps<K> } & {
  "bottom-navigation": { items: NavigationItem[] };
  "mini-program-chrome": { site: RootData["site"] };
};
export type ChunkName = keyof Props;

/** How each chunk loads. One line per chunk. */
const CHUNKS: { [K in ChunkName]: () => Promise<ComponentType<Props[K]>> } = {
  video: () => import("~/components/content/video-body").then((m) => m.VideoBody),
  svideo: () => import("~/components/content/svideo-body").then((m) => m.SvideoBody),
  audio: () => import("~/components/content/audio-body").then((m) => m.AudioBody),
  gallery: () => import("~/components/content/gallery-body").then((m) => m.GalleryBody),
  audio_album: () => import("~/components/content/album-body").then((m) => m.AlbumBody),
  video_album: () => import("~/components/content/album-body").then((m) => m.AlbumBody),
  mini_program: () => import("~/components/content/mini-program-body").then((m) => m.MiniProgramBody),
  special: () => import("~/components/content/special-body").then((m) => m.SpecialBody),
  local_live: () => import("~/components/content/live/live-body").then((m) => m.LiveBody),
  "bottom-navigation": () => import("~/components/bottom-navigation").then((m) => m.BottomNavigation),
  "mini-program-chrome": () => import("~/components/mini-program-chrome").then((m) => m.MiniProgramChrome),
};

const loaded = new Map<ChunkName, ComponentType<never>>();

function load<K extends ChunkName>(name: K): Promise<ComponentType<Props[K]>> {
  return CHUNKS[name]().then((component) => {
    loaded.set(name, component as ComponentType<never>);
    return component;
  });
}

/** The component of a chunk: rendered at once when the chunk is in, else through React.lazy. */
export function chunkedComponent<K extends ChunkName>(name: K): ComponentType<Props[K]> {
  const Lazy = lazy(() => load(name).then((component) => ({ default: component })));
  function Chunked(props: Props[K]) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would remount it.
    const [Loaded] = useState(() => (loaded.get(name) as ComponentType<Props[K]> | undefined) ?? null);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy as unknown as ComponentType<Props[K]>, props);
  }
  return Chunked;
}

/** Loads a chunk before what shows it turns on after hydration, so that it never suspends. A failed load only costs that. */
export function preloadChunk(name: ChunkName): Promise<void> {
  return load(name).then(
    () => undefined,
    () => undefined,
  );
}

/** Before hydration: the chunks of the components the server rendered (marked `data-chunk`). A failed load only costs that. */
export function preloadPageChunks(): Promise<void> {
  const names = [...document.querySelectorAll<HTMLElement>("[data-chunk]")]
    .map((element) => element.dataset.chunk ?? "")
    .filter((name): name is ChunkName => name in CHUNKS);
  return Promise.all(names.map(preloadChunk)).then(() => undefined);
}
