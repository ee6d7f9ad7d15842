const STORAGE_KEY = "chunk-reload-at";

/** Spec section 4: reload at most once per minute, so a deploy that really lost a chunk cannot loop. */
const RELOAD_GUARD_MS = 60_000;

/** The messages Chromium, Firefox and Safari give when a dynamic import or its preload fails. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return CHUNK_ERROR.test(message);
}

/** After a deploy, an open tab may ask for hashed chunks that no longer exist: reloading fetches the new build. */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    // preventDefault stops Vite rethrowing the error while the page is going away anyway.
    if (reloadWithinGuard()) event.preventDefault();
  };
  const onUnhandledRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadWithinGuard()) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onUnhandledRejection);
  return () => {
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onUnhandledRejection);
  };
}

function reloadWithinGuard(): boolean {
  const now = Date.now();
  try {
    const last = Number(sessionStorage.getItem(STORAGE_KEY));
    if (last <= now && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage there is no way to tell a first failure from a loop; let the error surface.
    return false;
  }
  location.reload();
  return true;
}
