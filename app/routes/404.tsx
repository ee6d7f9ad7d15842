import { data, type MetaFunction } from "@remix-run/node";
import { errorMeta } from "~/components/error-page";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

// Spec section 2: the /404 page, answered with a real 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ error, matches }) =>
  errorMeta(error, matches.find((m) => m.id === "root")?.data?.site.name);

export default function NotFound() {
  return null;
}
