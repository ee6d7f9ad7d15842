import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { rethrowAsResponse } from "~/bff/client.server";
import { LIST_PAGE_SIZE, listFeed } from "~/bff/content.server";
import { pageNumber } from "~/lib/pages";
import { callerFor, getVisitor, sessionHeaders } from "~/session.server";

/** One page of the hot list or the editor-recommended list, for load-more with JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kind;
  if (kind !== "hot72" && kind !== "recommend") throw data(null, { status: 404 });
  const caller = callerFor(await getVisitor(request, context), request, context);
  try {
    const page = await listFeed(caller, kind, pageNumber(new URL(request.url).searchParams.get("page")), LIST_PAGE_SIZE);
    return Response.json({ ...page, now: new Date().toISOString() }, { headers: await sessionHeaders(context) });
  } catch (error) {
    rethrowAsResponse(error);
  }
}
