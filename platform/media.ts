import { fileURLToPath } from "node:url";

/** The folder of demo media files served at `<router>/media`. */
export const MEDIA_DIR = fileURLToPath(new URL("./media", import.meta.url));

/** Placeholder for the media base URL inside stored text (covers, bodies, configuration). */
export const MEDIA_PLACEHOLDER = "{{media}}";

/** A demo media file's address as the seed stores it: under the placeholder. */
export const media = (file: string) => `${MEDIA_PLACEHOLDER}/${file}`;

/**
 * A content cover as the seed stores it (style.data[]), from a picture's name without extension: the JPEG, and its
 * WebP at the same size (`wbep_thumb`, sic; media/README.md).
 */
export function seededCover(name: string): { thumb: string; url: string; wbep_thumb: string } {
  return { thumb: media(`${name}.jpg`), url: media(`${name}.jpg`), wbep_thumb: media(`${name}.webp`) };
}

/** Returns a function that replaces the placeholder with the configured media base URL. */
export function mediaResolver(mediaBaseUrl: string): (text: string) => string {
  const base = mediaBaseUrl.replace(/\/+$/, "");
  return (text) => text.replaceAll(MEDIA_PLACEHOLDER, base);
}
