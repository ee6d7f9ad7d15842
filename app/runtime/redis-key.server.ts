import { createHash } from "node:crypto";

/** Key names show in `MONITOR`, `KEYS` and slow logs; a token there would be a login. */
export function redisKeyPart(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 22);
}
