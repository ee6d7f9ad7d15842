import type { MetaDescriptor } from "@remix-run/node";
import { inPageLanguage } from "~/lib/languages";

export type PageShareMetaInput = {
  title: string;
  description: string;
  image: string;
  canonical: string;
  site: { name: string; description: string };
};

/** Spec section 3: title and description fall back to the site's, then to fixed texts. */
export function pageShareMeta({ title, description, image, canonical, site }: PageShareMetaInput): MetaDescriptor[] {
  const siteName = site.name || "精彩内容";
  const text = description || site.description || "打开APP，查看更多精彩内容";
  const fullTitle = title ? `${title} - ${siteName}` : siteName;
  const imageUrl = image ? new URL(image, canonical).href : "";
  return inPageLanguage(
    [
      { title: fullTitle },
      { name: "description", content: text },
      { tagName: "link", rel: "canonical", href: canonical },
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: siteName },
      { property: "og:title", content: title || siteName },
      { property: "og:description", content: text },
      { property: "og:url", content: canonical },
      ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
      { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
      { name: "twitter:title", content: title || siteName },
      { name: "twitter:description", content: text },
      ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "CollectionPage",
          name: title || siteName,
          description: text,
          url: canonical,
          ...(imageUrl ? { image: [imageUrl] } : {}),
          isPartOf: { "@type": "WebSite", name: siteName },
        },
      },
    ],
    canonical,
  );
}

export function titledListMeta(
  page: { title: string; description: string; canonical: string; cards: { list: { cover: string }[] } } | undefined,
  site: SiteText | undefined,
): MetaDescriptor[] {
  const known = site ?? { name: "", description: "" };
  if (!page) return [{ title: known.name || "内容不存在" }];
  const { title, description, canonical, cards } = page;
  return pageShareMeta({ title, description, canonical, image: cards.list[0]?.cover ?? "", site: known });
}

type SiteText = { name: string; description: string };

export function siteOf(matches: readonly { id: string; data?: unknown }[]): SiteText {
  const data = matches.find((m) => m.id === "root")?.data as { site?: SiteText } | undefined;
  return { name: data?.site?.name ?? "", description: data?.site?.description ?? "" };
}
