import type { MetaDescriptor } from "@remix-run/node";

type Site = { name: string; description: string };

export type ListShareMetaInput = {
  /** The page's own title (a list's title, 搜索…); the site name is appended to the document title. */
  title: string;
  description: string;
  /** The page's canonical absolute URL; a relative image resolves against it. */
  canonical: string;
  /** A picture for the share card (the first item's cover), '' for none. */
  image: string;
  site: Site;
};

/** The share metadata of a list page: title, description, canonical link, Open Graph, Twitter card and JSON-LD. */
export function listShareMeta({ title, description, canonical, image, site }: ListShareMetaInput): MetaDescriptor[] {
  const siteName = site.name || "精彩内容";
  const text = description || site.description || "打开APP，查看更多精彩内容";
  const picture = image ? new URL(image, canonical).href : "";
  return [
    { title: `${title} - ${siteName}` },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: canonical },
    ...(picture ? [{ property: "og:image", content: picture }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    ...(picture ? [{ name: "twitter:image", content: picture }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: title,
        description: text,
        url: canonical,
        ...(picture ? { image: [picture] } : {}),
        isPartOf: { "@type": "WebSite", name: siteName },
      },
    },
  ];
}


/** The meta of a titled list page from its loader data (undefined when the loader failed) and the root's site. */
export function titledListMeta(
  page: { title: string; description: string; canonical: string; cards: { list: { cover: string }[] } } | undefined,
  site: Site | undefined,
): MetaDescriptor[] {
  const known = site ?? { name: "", description: "" };
  if (!page) return [{ title: known.name || "内容不存在" }];
  const { title, description, canonical, cards } = page;
  return listShareMeta({ title, description, canonical, image: cards.list[0]?.cover ?? "", site: known });
}
