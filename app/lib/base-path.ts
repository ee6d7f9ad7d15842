/** Spec section 2: history mode with this base. */
export const BASE_PATH = "/davmu/share/";

export function sitePath(path: string): string {
  return BASE_PATH + path.replace(/^\/+/, "");
}

/** Strips the zh-Hant prefix too: Remix adds the request language's base to a redirect's Location itself. */
export function routerPath(path: string): string {
  // Spelled out for the fewest bytes in every page's first-load JavaScript (base-path.test.ts holds it to BASE_PATH).
  return path.replace(/^\/davmu\/share\/(zh-Hant\/)?/, "/");
}
