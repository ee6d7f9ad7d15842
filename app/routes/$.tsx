import { data, type MetaFunction } from "@remix-run/node";
import { errorMeta, UNMATCHED } from "~/components/error-page";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

// Every URL no other route claims is a real HTTP 404.
export function loader() {
  throw data(UNMATCHED, { status: 404 });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ error, matches }) =>
  errorMeta(error, matches.find((m) => m.id === "root")?.data?.site.name);

export default function Unmatched() {
  return null;
}
