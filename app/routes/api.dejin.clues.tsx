import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { listClues } from "~/bff/clue-report.server";
import { ids } from "~/bff/ids.server";
import { parseClueList } from "~/lib/dejin-paths";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of a clue list (stream, topic channel, reporter, mentions), for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const list = parseClueList(query);
  if (!list || ("userId" in list && ids.decode(list.userId) === null)) throw data(null, { status: 404 });
  const page = pageNumber(query.get("page"));
  return pageJson(request, context, (caller) => listClues(caller, list, page));
}
