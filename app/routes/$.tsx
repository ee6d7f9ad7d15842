import { data } from "@remix-run/node";
import { UNMATCHED } from "~/components/error-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

// Every URL no other route claims is a real HTTP 404.
export function loader() {
  throw data(UNMATCHED, { status: 404 });
}

export default function Unmatched() {
  return null;
}
