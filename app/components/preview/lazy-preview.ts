import { lazy } from "react";

// Preview mode's components load only where they are shown, never in an ordinary page's JavaScript. The server
// renders preview answers whole before sending them (entry.server.tsx), so they need no JavaScript to read.
const load = () => import("~/components/preview/preview-frame");

export const LazyPreviewFrame = lazy(() => load().then((module) => ({ default: module.PreviewFrame })));
export const LazyPreviewExpired = lazy(() => load().then((module) => ({ default: module.PreviewExpired })));
