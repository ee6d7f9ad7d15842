import { createElement, lazy, useState, type ComponentType } from "react";
import type { NavigationItem } from "~/bff/app-config.server";
import type { BodyProps } from "~/components/content/body-props";
import type { RootData } from "~/hooks/use-root-data";
import type { BodyKind } from "~/lib/content-types";

/**
 * Rendered whole on the server, loaded as chunks of their own in the browser, so one page's player never lands in another's
 * first-load JavaScript. No Suspense boundary above them (React 18 threw away one a synchronous update reached first,
 * error #421); the entry preloads the page's chunks before hydrating, as one suspending mid-hydration re-rendered the page.
 */
type Props = { [K in Exclude<BodyKind, "article">]: BodyProps<K> } & {
  "bottom-navigation": { items: NavigationItem[] };
  "mini-program-chrome": { site: RootData["site"] };
};
export type ChunkName = keyof Props;

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
