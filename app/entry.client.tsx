import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { reportClientError } from "~/client/error-reports";
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
      {
        // A hydration mismatch React recovered from by rendering anew: reported, and still shown in the console as
        // React's default does.
        onRecoverableError(error) {
          reportClientError("hydration", error);
          console.error(error);
        },
      },
    );
  }),
);
