/**
 * What the host hands every loader and action (server/site.ts builds it once per request). Its `visitor` and each
 * render's `render` are declared where their types live (app/visitor/visitor-handle.server.ts, app/render/page-facts.server.ts).
 */
export type LoadContext = {
  /** The CSP nonce of this response; "" for a page rendered to be shared between visitors (server/page-cache/page-store.ts). */
  cspNonce: string;
  /** Whether the page is rendered to be shared between anonymous visitors (server/page-cache/page-store.ts). */
  shared: boolean;
  requestId: string;
  /** The public origin of this request, for canonical and share URLs. */
  origin: string;
  userAgent: string;
  /** The visitor's address (behind trusted proxies), passed upstream so the platform's limits are per visitor. */
  clientIp: string;
  /** When this request's upstream work must be over (epoch ms): PLATFORM_TIMEOUT_MS after it arrived. */
  deadline: number;
};

declare module "@remix-run/node" {
  interface AppLoadContext extends LoadContext {}
}
