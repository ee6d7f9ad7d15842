import { data, type MetaFunction } from "@remix-run/node";
import { UNMATCHED } from "~/components/error-page";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

// Every URL no other route claims is a real HTTP 404.
export function loader() {
  throw data(UNMATCHED, { status: 404 });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const siteName = matches.find((m) => m.id === "root")?.data?.site.name;
  return [{ title: siteName ? `页面找不到了 - ${siteName}` : "页面找不到了" }, { name: "robots", content: "noindex" }];
};

export default function Unmatched() {
  return null;
}
