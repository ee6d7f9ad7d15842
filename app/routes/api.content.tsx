import type { LoaderFunctionArgs } from "@remix-run/node";
import { rethrowAsResponse } from "~/bff/client.server";
import { LIST_PAGE_SIZE, listContent } from "~/bff/content.server";
import { pageNumber } from "~/lib/pages";
import { callerFor, getVisitor, sessionHeaders } from "~/session.server";

/** One page of the home list, for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const caller = callerFor(await getVisitor(request, context), request, context);
  try {
    const page = await listContent(caller, {
      gid: url.searchParams.get("group") || undefined,
      page: pageNumber(url.searchParams.get("page")),
      size: LIST_PAGE_SIZE,
    });
    return Response.json({ ...page, now: new Date().toISOString() }, { headers: await sessionHeaders(context) });
  } catch (error) {
    rethrowAsResponse(error);
  }
}
