import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { rethrowAsResponse } from "~/bff/client.server";
import { listReplies } from "~/bff/comments.server";
import { ids } from "~/ids.server";
import { callerFor, getVisitor, sessionHeaders } from "~/session.server";

/** Every reply of one comment ('expand N replies' with JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = params.postId ?? "";
  const commentId = params.commentId ?? "";
  if (ids.decode(postId) === null || ids.decode(commentId) === null) throw data(null, { status: 404 });
  const caller = callerFor(await getVisitor(request, context), request, context);
  try {
    const page = await listReplies(caller, postId, commentId);
    return Response.json({ ...page, now: new Date().toISOString() }, { headers: await sessionHeaders(context) });
  } catch (error) {
    rethrowAsResponse(error);
  }
}
