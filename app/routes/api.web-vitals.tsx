import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveVitals, refuseGet } from "~/route-support/field-reports.server";

/** A page view's speed, as its browser measured it (app/client/page-speed.ts). */
export const loader = refuseGet;

export const action = ({ context }: ActionFunctionArgs) => receiveVitals(context);
