import { createHash } from "node:crypto";

/**
 * What a Redis key says of a visitor (their platform token, account or address): its SHA-256, cut to 128 bits. Key
 * names show in `MONITOR`, `KEYS` and slow logs, to whoever can reach Redis; a token there would be a login.
 */
export function redisKeyPart(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 22);
}
