import type { LoaderFunctionArgs } from "@remix-run/node";
import { LIST_PAGE_SIZE, listFeed } from "~/bff/content.server";
import { pageNumber } from "~/lib/pages";
import { jsonError } from "~/json-error.server";
import { pageJson } from "~/page-json.server";

/** One page of the hot list or the editor-recommended list, for load-more with JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kind;
  if (kind !== "hot72" && kind !== "recommend") return jsonError(404);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, (caller) => listFeed(caller, kind, page, LIST_PAGE_SIZE));
}
