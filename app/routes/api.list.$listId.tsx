import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getList } from "~/bff/lists.server";
import { ids } from "~/bff/ids.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of a curated list, for load-more with JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const listId = params.listId ?? "";
  if (ids.decode(listId) === null) throw data(null, { status: 404 });
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, async (caller) => {
    const { list, total } = await getList(caller, listId, page);
    return { list, total };
  });
}
