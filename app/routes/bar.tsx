import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OpenAppLink } from "~/components/open-app-link";
import { BANNER_FALLBACK_DESCRIPTION, useRootData } from "~/hooks/use-root-data";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { canonicalUrl } from "~/lib/share-url";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export function loader({ request, context }: LoaderFunctionArgs) {
  return { canonical: canonicalUrl(new URL(new URL(request.url).pathname, context.origin)) };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  pageShareMeta({ title: "下载APP", description: "", image: "", canonical: page?.canonical ?? "", site: siteOf(matches) });

const FEATURES = [
  { title: "第一时间", text: "要闻、本地新闻和突发消息，推送到手机。" },
  { title: "看视频、听新闻", text: "直播、短视频、音频节目，随时随地。" },
  { title: "爆料和互动", text: "身边的新鲜事拍下来，告诉我们。" },
];

/**
 * /bar: the app bar, the site's download landing (spec section 2 lists it beside /auth as an auxiliary page).
 * The site's logo, name and description from h5_config, what the app offers, and the two ways in: open the app,
 * or download it.
 */
export default function AppBar() {
  const root = useRootData();
  const site = root?.site;
  const inWeChat = root?.device.isWeChat ?? false;
  return (
    <main className="app-bar">
      <section className="app-bar__hero" aria-labelledby="app-bar-title">
        <img className="app-bar__logo" src={site?.logo || `${import.meta.env.BASE_URL}app-logo.svg`} alt="" width={72} height={72} />
        <h1 id="app-bar-title" className="app-bar__name">
          {site?.name || "下载APP"}
        </h1>
        <p className="app-bar__desc">{site?.description || BANNER_FALLBACK_DESCRIPTION}</p>
        <div className="app-bar__actions">
          <OpenAppLink className="button app-bar__cta">打开APP</OpenAppLink>
          {site?.downloadUrl ? (
            <a className="button button--ghost app-bar__cta" href={site.downloadUrl} rel="noopener">
              下载APP
            </a>
          ) : null}
        </div>
        {inWeChat ? <p className="app-bar__tip">微信里打不开？点右上角“…”，选择“在浏览器打开”。</p> : null}
      </section>
      <ul className="app-bar__features">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <strong>{feature.title}</strong>
            <span>{feature.text}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
