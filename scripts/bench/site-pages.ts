/** The pages the bench measures, by the seed's fixtures and the tests' address helpers, and how it fetches them. */
import { BASE_PATH } from "../../app/lib/base-path";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";
import { DEJIN_FIXTURES } from "../../platform/seed-dejin";
import { LIST_FIXTURES } from "../../platform/seed-lists";
import { PAGES_FIXTURES } from "../../platform/seed-pages";
import { SEED_FIXTURES } from "../../platform/seed";
import { articleUrl, detailUrl, urlId } from "../../tests/e2e/support/urls";
import { MOBILE_UA } from "./constants";

/** A page type of the per-type table: its name, what BENCH_TYPES may call it, and its path under the site. */
export type PageType = { type: string; aliases: string[]; path: string };

const detail = (type: string, segment: string, dbId: number): PageType => ({
  type,
  aliases: [segment],
  path: detailUrl(dbId, segment),
});

/**
 * Every page type of the performance targets, each at the seeded page the e2e specs test it with: detail pages at their
 * dated address (the form the site links to and WeChat shares), search results a full first page.
 */
export const PAGE_TYPES: PageType[] = [
  { type: "home", aliases: [], path: BASE_PATH },
  { type: "article", aliases: ["doc"], path: articleUrl(SEED_FIXTURES.article) },
  // The same story in Traditional Chinese: its own client files (the zh-Hant build's UI texts), converted content.
  { type: "article zh-Hant", aliases: ["zh-Hant"], path: articleUrl(SEED_FIXTURES.article).replace(BASE_PATH, `${BASE_PATH}zh-Hant/`) },
  detail("video", "video", SEED_FIXTURES.video),
  detail("svideo", "svideo", SEED_FIXTURES.svideo),
  detail("audio", "audio", SEED_FIXTURES.audio),
  detail("image", "gallery", SEED_FIXTURES.gallery),
  detail("audio_album", "audio_album", SEED_FIXTURES.audioAlbum),
  detail("video_album", "video_album", SEED_FIXTURES.videoAlbum),
  detail("mini_program", "mini_program", SEED_FIXTURES.miniProgram),
  detail("special", "special", SEED_FIXTURES.special),
  detail("local_live", "local_live", SEED_FIXTURES.localLive),
  { type: "search", aliases: ["search results"], path: `${BASE_PATH}search/index?keyword=${encodeURIComponent("临江")}` },
  { type: "list", aliases: [], path: `${BASE_PATH}list/${urlId(LIST_FIXTURES.cityRenewal)}/index` },
  { type: "dejin detail", aliases: ["dejin"], path: `${BASE_PATH}dejin/detail/${urlId(DEJIN_FIXTURES.clue)}/index` },
  { type: "dimim post", aliases: ["dimim"], path: `${BASE_PATH}dimim/content/index?id=${urlId(COMMUNITY_FIXTURES.post)}` },
  { type: "fly card", aliases: ["fly_card"], path: `${BASE_PATH}fly_card/${urlId(PAGES_FIXTURES.deck)}/index` },
  { type: "activity", aliases: [], path: `${BASE_PATH}activity/${urlId(PAGES_FIXTURES.runningActivity)}/index` },
];

/** The page types BENCH_TYPES names (comma-separated type names or path segments; `none`: no page type at all). */
export function wantedPageTypes(names = process.env.BENCH_TYPES): PageType[] {
  if (!names) return PAGE_TYPES;
  const wanted = names.split(",").map((name) => name.trim());
  const unknown = wanted.filter((name) => name !== "none" && !PAGE_TYPES.some((page) => [page.type, ...page.aliases].includes(name)));
  if (unknown.length) throw new Error(`BENCH_TYPES: no page type ${unknown.join(", ")} (known: ${PAGE_TYPES.map(({ type }) => type).join(", ")})`);
  return PAGE_TYPES.filter((page) => [page.type, ...page.aliases].some((name) => wanted.includes(name)));
}

/** A page as a phone asks for it; anything but a 200 fails the measurement. */
export async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, { headers: { "user-agent": MOBILE_UA, ...headers }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, expected 200`);
  return response;
}

/** The session cookies of an answer, as a Cookie header. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");

/** Every article the home page of a running server links to, as absolute URLs, in its order. */
export async function homeArticles(origin: string): Promise<string[]> {
  const home = await (await get(origin + BASE_PATH)).text();
  const urls = [...home.matchAll(/href="([^"]*\/doc\/[^"]*)"/g)].map(([, href]) => new URL(href.replaceAll("&amp;", "&"), origin).href);
  if (urls.length === 0) throw new Error("the home page links to no /doc/ article");
  return [...new Set(urls)];
}

export type PublishedItem = { content_type: string; post_id: string; title?: string };

/** Every published content item the platform at `platformOrigin` lists (up to 500), newest first. */
export async function publishedContent(platformOrigin: string): Promise<PublishedItem[]> {
  const auth = await fetch(`${platformOrigin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  });
  const token = ((await auth.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error("the platform gave no anonymous token");
  const items: PublishedItem[] = [];
  for (let page = 1; page <= 10; page++) {
    const answer = (await (
      await fetch(`${platformOrigin}/peony/v1/content?pagesize=50&pageindex=${page}`, { headers: { authorization: token } })
    ).json()) as {
      data?: { list?: PublishedItem[] };
    };
    const list = answer.data?.list ?? [];
    items.push(...list);
    if (list.length < 50) break;
  }
  return items;
}

/** A content's detail page at its short address (no year and month: the same page), by its path segment. */
export function shortDetailPath(segment: string, postId: string): string {
  const id = encodeURIComponent(postId);
  return segment === "special" ? `${BASE_PATH}special/${id}/index` : `${BASE_PATH}news/${segment}/${id}/index.html`;
}
