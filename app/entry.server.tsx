import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { SharedMarkupContext } from "~/components/shared-markup";
import { PersonalRenderingContext } from "~/hooks/use-personal";
import { isPreviewRequest, PREVIEW_HEADERS } from "~/lib/preview";
import { recordPersonalRendering } from "~/render/personal.server";
import { ServerSharedMarkup } from "~/render/shared-markup.server";
import { logger } from "~/runtime/logger.server";

// The site (Express and its middleware) lives in this build, so the app's modules exist once per process; the
// launcher (server.ts) reaches it as build.entry.module.siteEntry (docs/decisions/0007-one-module-graph.md).
export { siteEntry } from "../server/site";

export const streamTimeout = 5_000;

function isPreviewUrl(request: Request): boolean {
  const url = new URL(request.url);
  return isPreviewRequest(url.pathname, url.search);
}

/** A draft's preview, whatever the answer (page, 404, 410), is stored nowhere and indexed by no one. */
function setPreviewHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) headers.set(name, value);
}

/** React 18's streaming renderer can leak NUL bytes at a chunk's end when a multi-byte character did not fit (react#31134); valid HTML has none. */
function withoutTrailingNuls(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** Loaders have finished before React renders: streaming React's 2 KB pieces wins the browser nothing, and each costs a pass through gzip. */
function wholePage(): { sink: Writable; page: Promise<Buffer> } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(withoutTrailingNuls(chunk));
      callback();
    },
  });
  const page = new Promise<Buffer>((resolve, reject) => {
    sink.once("finish", () => resolve(Buffer.concat(chunks)));
    sink.once("error", reject);
  });
  return { sink, page };
}

type RenderOptions = {
  nonce?: string;
  /** After this, parts still pending are given up (the browser renders them). */
  abortAfterMs: number;
  /** An error React met; `shellReady` tells whether the shell had rendered by then. */
  onError: (error: unknown, shellReady: boolean) => void;
};

/** The abort timer is cleared as soon as the page is done: left running, it held each finished render for the whole delay. */
export function renderWholePage(element: ReactElement, { nonce, abortAfterMs, onError }: RenderOptions): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        clearTimeout(timer);
        const { sink, page } = wholePage();
        pipe(sink);
        page.then(resolve, reject);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        onError(error, shellReady);
      },
    });
    const timer = setTimeout(abort, abortAfterMs);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page may carry per-visitor state (login, toasts): kept by no shared cache unless the host's page cache
  // stores it as an anonymous page and says so (server/page-cache/page-store.ts). Previews are not even kept.
  if (isPreviewUrl(request)) setPreviewHeaders(responseHeaders);
  else responseHeaders.set("Cache-Control", "private, no-store");
  // Empty for a page rendered for the store: its inline scripts are allowed by hash.
  const nonce = loadContext.cspNonce || undefined;

  // A page rendered for the store records how a logged-in visitor's page is made from it (app/render/personal.server.tsx).
  const personal = loadContext.forStore ? recordPersonalRendering(loadContext) : null;

  // The status is the shell's: a part that fails later is rendered by the browser instead, as when streaming.
  let status = responseStatusCode;
  const body = await renderWholePage(
    <NonceContext.Provider value={nonce}>
      <SharedMarkupContext.Provider value={ServerSharedMarkup}>
        <PersonalRenderingContext.Provider value={personal?.rendering ?? null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </PersonalRenderingContext.Provider>
      </SharedMarkupContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      abortAfterMs: streamTimeout + 1000,
      onError(error, shellReady) {
        if (shellReady) logger.error({ err: error }, "render failed after the shell");
        else status = 500;
      },
    },
  );
  const personalization = status === 200 ? personal?.personalize(remixContext) : null;
  if (personalization && loadContext.record) loadContext.record.personalization = personalization;
  return new Response(new Uint8Array(body), { headers: responseHeaders, status });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (isPreviewUrl(request)) setPreviewHeaders(response.headers);
  else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** Remix's own 4xx answers are the visitor's mistake, answered with a status: not logged, so ordinary requests never print a stack. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error }, "request failed");
}
