import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveClientError, refuseGet } from "~/route-support/field-reports.server";

/** A script error a page met (app/client/error-reports.ts). */
export const loader = refuseGet;

export const action = ({ context }: ActionFunctionArgs) => receiveClientError(context);
