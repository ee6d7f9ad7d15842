import { BASE_PATH } from "~/lib/base-path";

/** What pages report of themselves (docs/operations.md, "Real-user metrics"); the checks live server-side. */

export const WEB_VITALS_URL = `${BASE_PATH}api/web-vitals`;
export const CLIENT_ERRORS_URL = `${BASE_PATH}api/client-errors`;

export const REPORT_FIELD = "report";

/** Far above a real report. */
export const MAX_REPORT_BYTES = 4096;

export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const CLIENT_ERROR_KINDS = ["error", "rejection", "boundary", "hydration", "chunk"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const MAX_MESSAGE_CHARS = 300;
export const MAX_STACK_CHARS = 2000;
export const MAX_PATH_CHARS = 512;

export type VitalsReport = { path: string; metrics: Array<{ name: VitalName; value: number }> };

export type ClientErrorReport = {
  kind: ClientErrorKind;
  path: string;
  message: string;
  stack?: string;
  source?: string;
  line?: number;
  column?: number;
};
