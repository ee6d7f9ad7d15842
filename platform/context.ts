import type { IdCodec } from "../app/lib/ids";
import type { Db } from "./db";

/** What every route module needs: the database, the id codec, the clock, the log, the media URL resolver and the secrets. */
export type PlatformContext = {
  db: Db;
  ids: IdCodec;
  now: () => Date;
  log: (line: string) => void;
  media: (text: string) => string;
  /** Verification codes one address may request per hour. */
  codesPerIpPerHour: number;
  /** HMAC key of draft preview tokens (preview-tokens.ts). */
  previewSecret: string;
};
