import { BASE_PATH } from "~/lib/base-path";

/**
 * What pages report of themselves (docs/operations.md, "Real-user metrics"): the routes their beacons go to and the
 * shapes both sides agree on. Pages import this; the checks are in field-report-schema.ts, on the server.
 */

export const WEB_VITALS_URL = `${BASE_PATH}api/web-vitals`;
export const CLIENT_ERRORS_URL = `${BASE_PATH}api/client-errors`;

/** The form field a report's JSON goes in. */
export const REPORT_FIELD = "report";

/** Far above a real report (five figures, or one error with a capped stack). */
export const MAX_REPORT_BYTES = 4096;

/** web-vitals' metric names: milliseconds, except CLS, which has no unit. */
export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Where a script error was caught: a window error, an unhandled rejection, React's boundary, hydration, a lost chunk. */
export const CLIENT_ERROR_KINDS = ["error", "rejection", "boundary", "hydration", "chunk"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Pages cut an error's message and stack to these before sending; the server refuses longer ones. */
export const MAX_MESSAGE_CHARS = 300;
export const MAX_STACK_CHARS = 2000;
export const MAX_PATH_CHARS = 512;

/** A page view's figures, as its beacon carries them: the page's path (to find its type) and each metric once. */
export type VitalsReport = { path: string; metrics: Array<{ name: VitalName; value: number }> };

/** One script error: where the page caught it, its message, and its stack or the error event's location. */
export type ClientErrorReport = {
  kind: ClientErrorKind;
  path: string;
  message: string;
  stack?: string;
  source?: string;
  line?: number;
  column?: number;
};
