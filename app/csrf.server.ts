import { timingSafeEqual } from "node:crypto";
import { data } from "@remix-run/node";
import { getVisitor } from "~/session.server";

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every state change arrives as a POST from our own pages carrying the CSRF token bound to the visitor's
 * session (a foreign Origin never gets this far: the host refuses it). Returns the form.
 */
export async function requireOwnForm(request: Request, context: object): Promise<FormData> {
  if (request.method !== "POST") throw data({ message: "请求方式无效" }, { status: 405 });
  const form = await request.formData();
  const visitor = await getVisitor(request, context);
  const token = form.get("csrf");
  if (typeof token !== "string" || !visitor.csrfToken || !sameToken(token, visitor.csrfToken)) {
    throw data({ message: "页面已过期，请刷新后重试" }, { status: 403 });
  }
  return form;
}

/** A text field of a posted form; missing fields and files read as "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
