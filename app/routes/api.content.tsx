import type { LoaderFunctionArgs } from "@remix-run/node";
import { LIST_PAGE_SIZE, listContent } from "~/bff/content.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of the home list, for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return pageJson(request, context, (caller) =>
    listContent(caller, {
      gid: url.searchParams.get("group") || undefined,
      page: pageNumber(url.searchParams.get("page")),
      size: LIST_PAGE_SIZE,
    }),
  );
}
