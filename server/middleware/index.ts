import type { RequestHandler } from "express";
import { basePathOnly } from "./base-path-only";
import { desktopRedirect } from "./desktop-redirect";
import { languageCookie } from "./language-cookie";
import { formBodies, refuseMalformedRequests } from "./malformed-requests";
import type { OriginOf } from "./public-origin";
import { sameOriginWrites } from "./same-origin";
import { cspNonce, securityHeaders } from "./security-headers";

export { goesToPc } from "./desktop-redirect";
export { shapeProblem } from "./malformed-requests";
export { platformProxy } from "./platform-proxy";
export { knownHosts, publicOrigin, type OriginOf, type TrustProxy } from "./public-origin";
export { logWhenFinished, requestId, requestIdOf, requestLog, type RequestLogOptions } from "./request-log";
export { inlineScriptHashes, scriptHash, withScriptHashes } from "./security-headers";
export { staticFiles } from "./static-files";

/** One list for the host (server/site.ts) and for the test that holds the stored-page answers to what it sends. */
export function pageMiddleware(options: {
  development: boolean;
  frameParents?: readonly string[];
  knownHosts: Set<string>;
  originOf: OriginOf;
  cookieSecure: boolean;
}): RequestHandler[] {
  return [
    cspNonce,
    securityHeaders({ development: options.development, frameParents: options.frameParents }),
    refuseMalformedRequests({ knownHosts: options.knownHosts }),
    basePathOnly,
    desktopRedirect(options.originOf),
    languageCookie({ originOf: options.originOf, secure: options.cookieSecure }),
    sameOriginWrites(options.originOf),
    formBodies,
  ];
}
