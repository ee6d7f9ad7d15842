import { data } from "@remix-run/node";
import { ids } from "~/bff/ids.server";

/** Spec section 5: it must decode; anything else is a 404 before any upstream call. */
export function requireQueryId(request: Request): string {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (ids.decode(id) === null) throw data(null, { status: 404 });
  return id;
}
