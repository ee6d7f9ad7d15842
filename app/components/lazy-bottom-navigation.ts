import { lazy } from "react";

// The bottom bar loads only on the pages that show it (the home page and the pages its items bind), never in a
// content page's JavaScript. There is no Suspense boundary above it: the server renders it whole, hydration waits for
// the chunk, and a client-side navigation keeps the previous page until the chunk is in.
export const LazyBottomNavigation = lazy(() =>
  import("~/components/bottom-navigation").then((module) => ({ default: module.BottomNavigation })),
);
