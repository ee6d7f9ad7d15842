import type { AppLoadContext } from "@remix-run/node";
import { pageCount } from "~/lib/pages";
import { pageNow } from "~/lib/relative-date";
import { canonicalUrl } from "~/lib/share-url";

export async function pageRequest(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  // "Load more" without JavaScript (?page=n) shows the same list, longer: not another page to share.
  const shared = new URL(url.pathname + url.search, context.origin);
  shared.searchParams.delete("page");
  return {
    caller: await context.caller(),
    url,
    canonical: canonicalUrl(shared),
    pages: pageCount(url.searchParams.get("page")),
    now: pageNow(),
  };
}
