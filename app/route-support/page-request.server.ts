import type { AppLoadContext } from "@remix-run/node";
import { pageCount } from "~/lib/pages";
import { pageNow } from "~/lib/relative-date";
import { canonicalUrl } from "~/lib/share-url";

/**
 * What the loaders of the pages outside the content detail route start from (the dejin, community, law, invite,
 * activity and fly-card pages): the visitor's platform caller, the URL, the canonical address and the page count.
 */
export async function pageRequest(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  // "Load more" without JavaScript (?page=n) shows the same list, longer: not another page to share.
  const shared = new URL(url.pathname + url.search, context.origin);
  shared.searchParams.delete("page");
  return {
    caller: await context.caller(),
    url,
    canonical: canonicalUrl(shared),
    /** Pages 1..n a no-JavaScript "load more" asked for (`?page=n`). */
    pages: pageCount(url.searchParams.get("page")),
    now: pageNow(),
  };
}
