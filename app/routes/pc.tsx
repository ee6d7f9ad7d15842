import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { BASE_PATH } from "~/lib/base-path";
import { CHANGE_ROUTE_QUERY } from "~/lib/change-route";
import { acceptedChangeRoute } from "~/lib/pc-wrapper";
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

/**
 * The framed page posts changeRoute as the visitor moves on inside it (spec section 2): the wrapper follows with its
 * own title and address, so a reload or a copied link shows the page the visitor is on. The frame may have hydrated
 * and posted first: once listening, the wrapper asks it again.
 */
function useFollowFramedRoute(frame: RefObject<HTMLIFrameElement | null>) {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = acceptedChangeRoute(event.origin, event.data, window.location.origin, BASE_PATH);
      if (!message) return;
      if (message.detail.title) document.title = message.detail.title;
      const url = `${window.location.pathname}?url=${encodeURIComponent(window.location.origin + message.path)}`;
      window.history.replaceState(window.history.state, "", url);
    };
    window.addEventListener("message", onMessage);
    frame.current?.contentWindow?.postMessage(CHANGE_ROUTE_QUERY, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, [frame]);
}

export default function PcWrapper() {
  const { target } = useLoaderData<typeof loader>();
  const frame = useRef<HTMLIFrameElement>(null);
  useFollowFramedRoute(frame);
  return (
    <main className="pc">
      <div className="pc__phone">
        <iframe ref={frame} className="pc__frame" src={target} title="手机版页面" />
      </div>
      <p className="pc__hint">
        为了更好的阅读体验，请使用手机访问。<Link to="/">返回首页</Link>
      </p>
    </main>
  );
}
