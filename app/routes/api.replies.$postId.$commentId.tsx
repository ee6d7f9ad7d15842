import type { LoaderFunctionArgs } from "@remix-run/node";
import { listReplies } from "~/bff/comments.server";
import { ids } from "~/bff/ids.server";
import { jsonError } from "~/route-support/json-error.server";
import { pageJson } from "~/route-support/load-more-json.server";

/** Every reply of one comment ('expand N replies' with JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = params.postId ?? "";
  const commentId = params.commentId ?? "";
  if (ids.decode(postId) === null || ids.decode(commentId) === null) return jsonError(404);
  return pageJson(request, context, (caller) => listReplies(caller, postId, commentId));
}
