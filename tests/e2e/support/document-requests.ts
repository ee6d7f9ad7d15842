import type { Page } from "@playwright/test";

/**
 * Records the URL of every top-level document request the page makes from now on (navigations
 * and reloads of the main frame; fetches and sub-frames are ignored). Call before navigating.
 */
export function recordDocumentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}
