import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pcEmbedTarget } from "~/lib/redirect-target";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** Routes that set this handle render without the open-app banner. */
export const handle = { bare: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const target = pcEmbedTarget(new URL(request.url).searchParams.get("url"), context.origin);
  // Spec section 2: /pc embeds only pages of this site; anything else is refused, not framed.
  if (!target) throw data({ refused: true }, { status: 400 });
  return { target };
}

export const meta: MetaFunction = () => [{ title: "手机版预览" }, { name: "robots", content: "noindex" }];

export default function PcWrapper() {
  const { target } = useLoaderData<typeof loader>();
  return (
    <main className="pc">
      <div className="pc__phone">
        <iframe className="pc__frame" src={target} title="手机版页面" />
      </div>
      <p className="pc__hint">
        为了更好的阅读体验，请使用手机访问。<Link to="/">返回首页</Link>
      </p>
    </main>
  );
}
