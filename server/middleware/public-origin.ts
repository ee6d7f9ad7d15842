import { networkInterfaces } from "node:os";
import type { IncomingMessage } from "node:http";
import type { Request } from "express";

export type OriginOf = (req: Request) => string;

/**
 * The site's origin: the one its pages are written for (canonical and share URLs, redirects, the /pc target) and the
 * one a write must come from (server/middleware/same-origin.ts, and Remix's own check: server/remix/remix-handler.ts). PUBLIC_ORIGIN
 * when configured. Without it, a production process never takes it from the request (a stored page would carry
 * whichever host its first visitor named to everyone after them): it is `http://localhost:PORT`, the address the
 * start-up message prints (docs/security.md). Only in development is it what the request says (behind trusted
 * proxies), so a phone on the same network can try the site; refuseMalformedRequests has checked the host by then.
 */
export function publicOrigin(options: { configured: string | undefined; production: boolean; port: number }): OriginOf {
  const fixed = options.configured ?? (options.production ? `http://localhost:${options.port}` : undefined);
  if (fixed) return () => fixed;
  return (req) => `${req.protocol}://${requestHost(req)}`;
}

/** Express's compiled `trust proxy` setting: whether the hop at `address` may speak for the client. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/** Whether the request comes from a trusted proxy, whose X-Forwarded-* headers count (Express's `trust proxy`). */
export function fromTrustedProxy(req: IncomingMessage, trust: TrustProxy | undefined): boolean {
  return trust?.(req.socket.remoteAddress, 0) ?? false;
}

/**
 * The host the request names: X-Forwarded-Host from a trusted proxy (as Express and the Remix adapter
 * read it), else Host. Lower-cased; "" when there is none.
 */
export function requestHost(req: Request): string {
  return hostOf(req, fromTrustedProxy(req, req.app.get("trust proxy fn") as TrustProxy | undefined));
}

/** requestHost of a plain request (server/page-cache/stored-page-hits.ts), `trusted` as fromTrustedProxy says. */
export function hostOf(req: IncomingMessage, trusted: boolean): string {
  const forwarded = trusted ? headerValue(req, "x-forwarded-host") : undefined;
  const host = forwarded ? forwarded.split(",")[0] : req.headers.host;
  return (host ?? "").trim().toLowerCase();
}

/** The protocol the request was made with, read as Express's `req.protocol` reads it. */
export function protocolOf(req: IncomingMessage, trusted: boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (!trusted) return own;
  const forwarded = headerValue(req, "x-forwarded-proto") || own;
  return forwarded.split(",")[0].trim();
}

/** A header as Express's `req.get` reads it: the first of repeated ones. */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The hosts the site answers to, each as `name[:port]` the way a Host header carries it. ALLOWED_HOSTS
 * when configured; always the host of PUBLIC_ORIGIN; and the addresses the server listens on (every
 * interface's when bound to all of them, plus localhost), so a fresh start works on this machine and
 * from a phone on the same network without configuration.
 */
export function knownHosts(options: { allowedHosts?: string; publicOrigin?: string; host: string; port: number }): Set<string> {
  const hosts = new Set<string>();
  for (const entry of (options.allowedHosts ?? "").split(",")) {
    if (entry.trim()) hosts.add(entry.trim().toLowerCase());
  }
  if (options.publicOrigin) {
    const url = new URL(options.publicOrigin);
    hosts.add(url.host);
    // A client may spell out the default port.
    if (!url.port) hosts.add(`${url.hostname}:${url.protocol === "https:" ? 443 : 80}`);
  }
  const listening = isWildcard(options.host) ? interfaceAddresses() : [options.host];
  for (const address of ["localhost", ...listening]) {
    const name = address.includes(":") ? `[${address}]` : address;
    hosts.add(`${name.toLowerCase()}:${options.port}`);
    if (options.port === 80) hosts.add(name.toLowerCase());
  }
  return hosts;
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "";
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((info) => info.address.replace(/%.*$/, ""));
}
