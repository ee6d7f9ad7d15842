import { z } from "zod";
import { ErrorCode, PlatformError } from "./envelope";

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** A Chinese message naming the field; messages written in the schema (Chinese) are kept as they are. */
function describeIssue(issue: z.ZodIssue): string {
  if (HAS_CHINESE.test(issue.message)) return issue.message;
  const field = issue.path.join(".");
  if (!field) return "请求参数格式错误";
  switch (issue.code) {
    case "invalid_type":
      return issue.received === "undefined" ? `缺少参数 ${field}` : `参数 ${field} 类型错误`;
    case "too_small":
      if (issue.type === "string") return issue.minimum === 1 ? `参数 ${field} 不能为空` : `参数 ${field} 长度不能少于 ${issue.minimum}`;
      return `参数 ${field} 不能小于 ${issue.minimum}`;
    case "too_big":
      if (issue.type === "string") return `参数 ${field} 长度不能超过 ${issue.maximum}`;
      return `参数 ${field} 不能大于 ${issue.maximum}`;
    case "invalid_string":
      return `参数 ${field} 格式错误`;
    default:
      return `参数 ${field} 无效`;
  }
}

/** Parses a query or body; a mismatch is code 400 with a message that names the field. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new PlatformError(ErrorCode.badRequest, describeIssue(result.error.issues[0]));
}

/** An optional whole-number query parameter (query values arrive as strings). */
export function intQuery(fallback: number, min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min).max(max));
}

/** An optional string that treats '' like a missing value (clients often send empty fields). */
export function optionalText(max: number) {
  return z
    .string()
    .max(max)
    .optional()
    .transform((value) => (value === "" ? undefined : value));
}

export function pageQuery(defaultSize: number) {
  return z.object({ page: intQuery(1, 1, 100_000), size: intQuery(defaultSize, 1, 50) });
}
