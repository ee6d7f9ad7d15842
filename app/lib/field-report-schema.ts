import { z } from "zod";
import {
  CLIENT_ERROR_KINDS,
  MAX_MESSAGE_CHARS,
  MAX_PATH_CHARS,
  MAX_REPORT_BYTES,
  MAX_STACK_CHARS,
  REPORT_FIELD,
  VITAL_NAMES,
  type ClientErrorReport,
  type VitalsReport,
} from "~/lib/field-reports";
import { parseJsonField } from "~/lib/json-field";

/** Server-side only: pages never load zod. */

const path = z.string().startsWith("/").max(MAX_PATH_CHARS);

/** A longer timing is a page left open in the background, not a speed. */
const MAX_TIMING_MS = 600_000;
/** A page that moved its whole height fifty times over is broken, not slow. */
const MAX_CLS = 50;

const vitalsSchema = z
  .object({
    path,
    metrics: z
      .array(z.object({ name: z.enum(VITAL_NAMES), value: z.number().finite().min(0) }).strict())
      .min(1)
      .max(VITAL_NAMES.length)
      .refine((metrics) => new Set(metrics.map(({ name }) => name)).size === metrics.length, "each metric once")
      .refine((metrics) => metrics.every(({ name, value }) => value <= (name === "CLS" ? MAX_CLS : MAX_TIMING_MS)), "value out of range"),
  })
  .strict();

const clientErrorSchema = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS),
    path,
    message: z.string().max(MAX_MESSAGE_CHARS),
    stack: z.string().max(MAX_STACK_CHARS).optional(),
    source: z.string().max(MAX_PATH_CHARS).optional(),
    line: z.number().int().min(0).max(10_000_000).optional(),
    column: z.number().int().min(0).max(10_000_000).optional(),
  })
  .strict();

export function parseVitalsReport(text: string): { ok: true; value: VitalsReport } | { ok: false; error: string } {
  return parseJsonField(text, REPORT_FIELD, vitalsSchema, MAX_REPORT_BYTES);
}

export function parseClientErrorReport(text: string): { ok: true; value: ClientErrorReport } | { ok: false; error: string } {
  return parseJsonField(text, REPORT_FIELD, clientErrorSchema, MAX_REPORT_BYTES);
}
