import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCircleReplies } from "~/bff/circle.server";
import { requireQueryId } from "~/route-support/query-id.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of a circle post's replies (?id=), for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const postId = requireQueryId(request);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, (caller) => listCircleReplies(caller, postId, page));
}
