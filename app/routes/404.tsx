import { data, type MetaFunction } from "@remix-run/node";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

// Spec section 2: the /404 page, answered with a real 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const siteName = matches.find((m) => m.id === "root")?.data?.site.name;
  return [{ title: siteName ? `内容不存在 - ${siteName}` : "内容不存在" }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return null;
}
