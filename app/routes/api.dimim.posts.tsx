import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { listCirclePosts, type PostList } from "~/bff/circle.server";
import { ids } from "~/bff/ids.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of a circle's or a topic's posts (?circle= or ?topic=), for load-more with JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const circle = query.get("circle");
  const topic = query.get("topic");
  const list: PostList | null = circle ? { kind: "circle", id: circle } : topic ? { kind: "topic", id: topic } : null;
  if (!list || ids.decode(list.id) === null) throw data(null, { status: 404 });
  const page = pageNumber(query.get("page"));
  return pageJson(request, context, (caller) => listCirclePosts(caller, list, page));
}
