import { timingSafeEqual } from "node:crypto";
import { data } from "@remix-run/node";
import { getVisitor, openVisitorSession } from "~/visitor/session.server";

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether the browser says the request comes from one of our pages. Every current browser names the origin of
 * a form post (Origin) or at least its relation (Sec-Fetch-Site); a foreign one never gets this far (the host
 * refuses it), so only a browser that sends neither is left undecided.
 */
function sentByOwnPage(request: Request, ownOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === ownOrigin;
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/**
 * Every state change arrives as a POST from our own pages. Anonymous pages are shared (and cached), so they
 * carry no token: the browser's Origin / Sec-Fetch-Site vouches for them. A browser that sends neither must
 * post the CSRF token bound to the visitor's session; without one it is refused and given a session, so the
 * page it reloads (personal from then on) carries the token. Returns the form; the visitor has a session after.
 */
export async function requireOwnForm(request: Request, context: { origin: string }): Promise<FormData> {
  if (request.method !== "POST") throw data({ message: "请求方式无效" }, { status: 405 });
  const form = await request.formData();
  if (!sentByOwnPage(request, context.origin)) {
    const visitor = await getVisitor(request, context);
    const token = form.get("csrf");
    if (typeof token !== "string" || !visitor.csrfToken || !sameToken(token, visitor.csrfToken)) {
      await openVisitorSession(request, context);
      throw data({ message: "页面已过期，请刷新后重试" }, { status: 403 });
    }
  }
  await openVisitorSession(request, context);
  return form;
}

/** A text field of a posted form; missing fields and files read as "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
