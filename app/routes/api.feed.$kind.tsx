import type { LoaderFunctionArgs } from "@remix-run/node";
import { LIST_PAGE_SIZE, listFeed } from "~/bff/content.server";
import { ids } from "~/bff/ids.server";
import { pageNumber } from "~/lib/pages";
import { jsonError } from "~/route-support/json-error.server";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of the hot list or the editor-recommended list, for load-more with JavaScript; `exclude` is the page being read. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kind;
  if (kind !== "hot72" && kind !== "recommend") return jsonError(404);
  const query = new URL(request.url).searchParams;
  const page = pageNumber(query.get("page"));
  // Only a real post id is passed on: anything else excludes nothing (and makes no cache entry of its own).
  const asked = query.get("exclude") ?? "";
  const exclude = ids.decode(asked) === null ? "" : asked;
  return pageJson(request, context, (caller) => listFeed(caller, kind, page, LIST_PAGE_SIZE, exclude));
}
