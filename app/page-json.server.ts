import { rethrowAsResponse, type Caller } from "~/bff/client.server";
import type { Page } from "~/bff/content.server";
import { callerFor, getVisitor, sessionHeaders } from "~/session.server";

/**
 * The answer of a load-more resource route: one page as JSON with the time it was made (for relative dates),
 * the session cookie when the request changed it (resource routes bypass entry.server), and upstream
 * failures as 404 / 503.
 */
export async function pageJson<T>(
  request: Request,
  context: { clientIp?: string },
  load: (caller: Caller) => Promise<Page<T>>,
): Promise<Response> {
  const caller = callerFor(await getVisitor(request, context), request, context);
  try {
    const page = await load(caller);
    return Response.json({ ...page, now: new Date().toISOString() }, { headers: await sessionHeaders(context) });
  } catch (error) {
    rethrowAsResponse(error);
  }
}
