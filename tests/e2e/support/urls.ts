import { createIdCodec } from "../../../app/lib/ids";
import { BASE_PATH } from "../../../app/lib/base-path";
import { E2E_HASHIDS } from "./e2e-server";

const ids = createIdCodec(E2E_HASHIDS);

/** The URL id of a seed record (platform/seed.ts SEED_FIXTURES), encoded as the e2e server encodes it. */
export function urlId(dbId: number): string {
  return ids.encode(dbId);
}

/** The share URL of an article, in the same form the home page links to. */
export function articleUrl(dbId: number, actor = "news"): string {
  return `${BASE_PATH}${actor}/doc/2026/11/${urlId(dbId)}/index.html`;
}

/** The share URL of any content's detail page, by its path segment (spec section 2); special topics end in 'index'. */
export function detailUrl(dbId: number, segment: string, actor = "news"): string {
  return `${BASE_PATH}${actor}/${segment}/2026/11/${urlId(dbId)}/${segment === "special" ? "index" : "index.html"}`;
}
