import { networkInterfaces } from "node:os";
import type { IncomingMessage } from "node:http";
import type { Request } from "express";

export type OriginOf = (req: Request) => string;

// Production never takes its origin from the request: a stored page would carry the first visitor's host to everyone
// after (docs/security.md).
export function publicOrigin(options: { configured: string | undefined; production: boolean; port: number }): OriginOf {
  const fixed = options.configured ?? (options.production ? `http://localhost:${options.port}` : undefined);
  if (fixed) return () => fixed;
  return (req) => `${req.protocol}://${requestHost(req)}`;
}

export type TrustProxy = (address: string | undefined, hop: number) => boolean;

export function fromTrustedProxy(req: IncomingMessage, trust: TrustProxy | undefined): boolean {
  return trust?.(req.socket.remoteAddress, 0) ?? false;
}

/** X-Forwarded-Host from a trusted proxy (as Express and the Remix adapter read it), else Host. */
export function requestHost(req: Request): string {
  return hostOf(req, fromTrustedProxy(req, req.app.get("trust proxy fn") as TrustProxy | undefined));
}

export function hostOf(req: IncomingMessage, trusted: boolean): string {
  const forwarded = trusted ? headerValue(req, "x-forwarded-host") : undefined;
  const host = forwarded ? forwarded.split(",")[0] : req.headers.host;
  return (host ?? "").trim().toLowerCase();
}

export function protocolOf(req: IncomingMessage, trusted: boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (!trusted) return own;
  const forwarded = headerValue(req, "x-forwarded-proto") || own;
  return forwarded.split(",")[0].trim();
}

/** As Express's `req.get` reads it: the first of repeated ones. */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The listen addresses count too, so a fresh start works from a phone on the same network without configuration. */
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
