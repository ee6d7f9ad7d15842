import type { Request } from "express";

export type OriginOf = (req: Request) => string;

/**
 * The origin visitors see: PUBLIC_ORIGIN when configured, else what the request says (behind trusted
 * proxies). One answer for canonical URLs, the /pc redirect target and the same-origin check.
 */
export function publicOrigin(configured: string | undefined): OriginOf {
  return (req) => configured ?? `${req.protocol}://${req.get("host")}`;
}
