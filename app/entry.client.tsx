import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadPageBody } from "~/components/content/body-chunks";

// A detail page hydrates its body at once, as the server rendered it, rather than waiting on its chunk mid-hydration.
void preloadPageBody().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    );
  })
);
