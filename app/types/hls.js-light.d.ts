// hls.js ships its light build (no subtitles, alternate audio or DRM) without a declaration of its own; it has
// the same API as the full build.
declare module "hls.js/light" {
  export * from "hls.js";
  export { default } from "hls.js";
}
