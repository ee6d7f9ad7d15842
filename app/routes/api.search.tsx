import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { searchContent } from "~/bff/search.server";
import { pageNumber } from "~/lib/pages";
import { parseKeyword } from "~/lib/search-keyword";
import { pageJson } from "~/route-support/load-more-json.server";
import { platformKeyword } from "~/runtime/traditional-chinese.server";

/** One page of search results, for load-more with JavaScript; a missing or over-long keyword is a 400. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { keyword, error } = parseKeyword(url.searchParams.get("keyword"));
  if (!keyword || error) throw data(null, { status: 400 });
  const page = pageNumber(url.searchParams.get("page"));
  return pageJson(request, context, (caller) => searchContent(caller, platformKeyword(keyword, request), page));
}
