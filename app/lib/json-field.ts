import type { z } from "zod";

/** Server-side only: pages never load zod. */
export function parseJsonField<T extends z.ZodTypeAny>(
  text: string,
  field: string,
  schema: T,
  maxBytes: number,
): { ok: true; value: z.output<T> } | { ok: false; error: string } {
  if (!text) return { ok: false, error: `missing ${field}` };
  if (new TextEncoder().encode(text).length > maxBytes) return { ok: false, error: `${field} over ${maxBytes} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: `${field}: not JSON` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join(".") || field}: ${issue?.message ?? "invalid"}` };
  }
  return { ok: true, value: parsed.data };
}
