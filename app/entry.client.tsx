import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadPageChunks } from "~/components/preloaded-chunks";
import { startPageHydration } from "~/components/shared-markup";
import { markHydrationStarted } from "~/lib/hydration-started";

// The page hydrates its chunked parts at once, as the server rendered them, rather than waiting on them mid-hydration.
void preloadPageChunks().then(() =>
  startTransition(() => {
    startPageHydration();
    markHydrationStarted();
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
