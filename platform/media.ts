import { fileURLToPath } from "node:url";

/** The folder of demo media files served at `<router>/media`. */
export const MEDIA_DIR = fileURLToPath(new URL("./media", import.meta.url));

/** Placeholder for the media base URL inside stored text (covers, bodies, configuration). */
export const MEDIA_PLACEHOLDER = "{{media}}";

/** Returns a function that replaces the placeholder with the configured media base URL. */
export function mediaResolver(mediaBaseUrl: string): (text: string) => string {
  const base = mediaBaseUrl.replace(/\/+$/, "");
  return (text) => text.replaceAll(MEDIA_PLACEHOLDER, base);
}
