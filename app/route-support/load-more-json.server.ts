import type { AppLoadContext } from "@remix-run/node";
import { isMissingContent, isRefusedInput, PlatformError, type Caller } from "~/bff/client.server";
import type { Page } from "~/bff/content.server";
import { jsonError } from "~/route-support/json-error.server";
import { pageNow } from "~/lib/relative-date";
import { logger } from "~/runtime/logger.server";

/** With the time it was made, for relative dates. */
export async function pageJson<T>(request: Request, context: AppLoadContext, load: (caller: Caller) => Promise<Page<T>>): Promise<Response> {
  try {
    const page = await load(await context.caller());
    return Response.json({ ...page, now: pageNow() });
  } catch (error) {
    if (isMissingContent(error) || isRefusedInput(error)) return jsonError(404);
    if (error instanceof PlatformError) {
      logger.warn(`page of a list unavailable: ${error.message}${error.code === null ? "" : ` (code ${error.code})`}`);
      return jsonError(503);
    }
    if (request.signal.aborted) throw error;
    logger.error({ err: error }, "page of a list failed");
    return jsonError(500);
  }
}
