import { env } from "~/runtime/env.server";
import { createIdCodec } from "~/lib/ids";

/** Same salt and minimum length as the platform. */
export const ids = createIdCodec({ salt: env.HASHIDS_SALT, minLength: env.HASHIDS_MIN_LENGTH });
