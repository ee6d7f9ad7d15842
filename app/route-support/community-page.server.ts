import type { AppLoadContext } from "@remix-run/node";
import { rethrowAsResponse, type Caller } from "~/bff/client.server";
import { pageRequest } from "~/route-support/page-request.server";

/** A platform failure becomes the page's 404 or 503. */
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
