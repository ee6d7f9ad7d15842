import { data } from "@remix-run/node";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

// Spec section 2: the /404 page, answered with a real 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
