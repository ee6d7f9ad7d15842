import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { rethrowAsResponse } from "~/bff/client.server";
import { listComments } from "~/bff/comments.server";
import { ids } from "~/ids.server";
import { pageNumber } from "~/lib/pages";
import { callerFor, getVisitor, sessionHeaders } from "~/session.server";

/** One page of an article's comments, for load-more with JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const postId = params.postId ?? "";
  if (ids.decode(postId) === null) throw data(null, { status: 404 });
  const caller = callerFor(await getVisitor(request, context), request, context);
  try {
    const page = await listComments(caller, postId, pageNumber(new URL(request.url).searchParams.get("page")));
    return Response.json({ ...page, now: new Date().toISOString() }, { headers: await sessionHeaders(context) });
  } catch (error) {
    rethrowAsResponse(error);
  }
}
