import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRecommendedTopics } from "~/bff/clue-report.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of recommended tip-off topics, for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, (caller) => listRecommendedTopics(caller, page));
}
