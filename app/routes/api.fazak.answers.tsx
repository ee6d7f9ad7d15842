import type { LoaderFunctionArgs } from "@remix-run/node";
import { listLawAnswers } from "~/bff/law.server";
import { requireQueryId } from "~/route-support/query-id.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of a law question's answers (?id=), for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const questionId = requireQueryId(request);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, (caller) => listLawAnswers(caller, questionId, page));
}
