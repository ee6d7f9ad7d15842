import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { contentModelQuery, getContentModel } from "~/bff/lists.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of a content model's group, for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = contentModelQuery(url);
  if (!query) throw data(null, { status: 404 });
  const page = pageNumber(url.searchParams.get("page"));
  return pageJson(request, context, async (caller) => {
    const { list, total } = await getContentModel(caller, { ...query, page });
    return { list, total };
  });
}
