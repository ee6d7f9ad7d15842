import type { AppLoadContext } from "@remix-run/node";
import { rethrowAsResponse, type Caller } from "~/bff/client.server";
import { pageRequest } from "~/route-support/page-request.server";

/**
 * What the community pages' loaders share (a circle, a circle post, a topic, a law question): the page request, and
 * a platform failure answered as the page's 404 or 503. `load` gets the item and pages 1..`pages` of its list; what
 * it returns may name a canonical address of its own.
 */
export async function communityPage<T extends object>(
  request: Request,
  context: AppLoadContext,
  load: (caller: Caller, pages: number, url: URL) => Promise<T>,
) {
  const { caller, url, canonical, pages, now } = await pageRequest(request, context);
  try {
    return { pages, canonical, now, ...(await load(caller, pages, url)) };
  } catch (error) {
    rethrowAsResponse(error);
  }
}
