import type { LoaderFunctionArgs } from "@remix-run/node";
import { listComments } from "~/bff/comments.server";
import { ids } from "~/bff/ids.server";
import { pageNumber } from "~/lib/pages";
import { jsonError } from "~/route-support/json-error.server";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of an article's comments, for load-more with JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = params.postId ?? "";
  if (ids.decode(postId) === null) return jsonError(404);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, (caller) => listComments(caller, postId, page));
}
