import { BASE_PATH } from "../../../app/lib/base-path";
import { COMMUNITY_FIXTURES } from "../../../platform/seed-community";
import { DEJIN_FIXTURES } from "../../../platform/seed-dejin";
import { SEED_FIXTURES } from "../../../platform/seed";
import { LIST_FIXTURES } from "../../../platform/seed-lists";
import { PAGES_FIXTURES } from "../../../platform/seed-pages";
import { E2E_ORIGIN } from "./e2e-server";
import { detailUrl, urlId } from "./urls";

/**
 * The routes of spec section 2: for each, a seeded page that opens (`url`, with the status it answers), the spec
 * that tests it in depth (`in`), and what its addresses look like under the base path (`pattern`, on the decoded
 * path without the query). `notFromNavigation` says why a route is not reached by following the site's links from
 * the navigation panel and the bottom bar; every other route is (navigation.spec.ts).
 */
export type SpecRoute = { route: string; url: string; status?: number; in: string; pattern: RegExp; notFromNavigation?: string };

const DETAIL_SEGMENTS = [
  "doc",
  "audio",
  "audio_album",
  "gallery",
  "local_live",
  "mini_program",
  "svideo",
  "video",
  "video_album",
  "special",
] as const;
const DETAIL_FIXTURE: Record<(typeof DETAIL_SEGMENTS)[number], number> = {
  doc: SEED_FIXTURES.article,
  audio: SEED_FIXTURES.audio,
  audio_album: SEED_FIXTURES.audioAlbum,
  gallery: SEED_FIXTURES.gallery,
  local_live: SEED_FIXTURES.localLive,
  mini_program: SEED_FIXTURES.miniProgram,
  svideo: SEED_FIXTURES.svideo,
  video: SEED_FIXTURES.video,
  video_album: SEED_FIXTURES.videoAlbum,
  special: SEED_FIXTURES.special,
};

export const SPEC_ROUTES: SpecRoute[] = [
  { route: "/auth", url: `${BASE_PATH}auth`, in: "auth.spec.ts, auth-no-js.spec.ts", pattern: /^auth$/ },
  { route: "/bar", url: `${BASE_PATH}bar`, in: "invite-activity-flycard.spec.ts", pattern: /^bar$/ },
  {
    route: "/pc",
    url: `${BASE_PATH}pc?url=${encodeURIComponent(`${E2E_ORIGIN}${BASE_PATH}`)}`,
    in: "desktop.spec.ts",
    pattern: /^pc$/,
    notFromNavigation: "the desktop wrapper: desktop browsers are sent there, phones never",
  },
  { route: "/", url: BASE_PATH, in: "home.spec.ts", pattern: /^$/ },
  {
    route: "/search/index",
    url: `${BASE_PATH}search/index?keyword=${encodeURIComponent("马拉松")}`,
    in: "lists-search.spec.ts",
    pattern: /^search\/index$/,
  },
  {
    route: "/content_model/index",
    url: `${BASE_PATH}content_model/index?id=${urlId(LIST_FIXTURES.livelihood)}`,
    in: "lists-search.spec.ts",
    pattern: /^content_model\/index(\.html)?$/,
  },
  {
    route: "/special/{id}/index",
    url: `${BASE_PATH}special/${urlId(SEED_FIXTURES.special)}/index`,
    in: "detail-route.spec.ts",
    pattern: /^special\/[^/]+\/index$/,
    notFromNavigation: "the short address of a special topic: the site links the same page at its detail address, /{actor}/special/…",
  },
  {
    route: "/list/{list_id}/index",
    url: `${BASE_PATH}list/${urlId(LIST_FIXTURES.cityRenewal)}/index`,
    in: "lists-search.spec.ts",
    pattern: /^list\/[^/]+\/index(\.html)?$/,
  },
  {
    route: "/invite/{code}/index",
    url: `${BASE_PATH}invite/${PAGES_FIXTURES.inviteCode}/index`,
    in: "invite-activity-flycard.spec.ts",
    pattern: /^invite\/[^/]+\/index$/,
    notFromNavigation:
      "one person's invitation, opened from the link they share; the navigation leads to the invitation without a code, /invite/index",
  },
  {
    route: "/activity/{post_id}/index",
    url: `${BASE_PATH}activity/${urlId(PAGES_FIXTURES.runningActivity)}/index`,
    in: "invite-activity-flycard.spec.ts",
    pattern: /^activity\/[^/]+\/index$/,
  },
  {
    route: "/fly_card/{list_id}/index",
    url: `${BASE_PATH}fly_card/${urlId(PAGES_FIXTURES.deck)}/index`,
    in: "invite-activity-flycard.spec.ts",
    pattern: /^fly_card\/[^/]+\/index$/,
  },
  { route: "/dejin/catalog/index", url: `${BASE_PATH}dejin/catalog/index`, in: "dejin.spec.ts", pattern: /^dejin\/catalog\/index$/ },
  { route: "/dejin/content/index", url: `${BASE_PATH}dejin/content/index`, in: "dejin.spec.ts", pattern: /^dejin\/content\/index$/ },
  {
    route: "/dejin/detail/{post_id}/index",
    url: `${BASE_PATH}dejin/detail/${urlId(DEJIN_FIXTURES.clue)}/index`,
    in: "dejin.spec.ts",
    pattern: /^dejin\/detail\/[^/]+\/index$/,
  },
  {
    route: "/dejin/personal/{user_id}/index",
    url: `${BASE_PATH}dejin/personal/${urlId(DEJIN_FIXTURES.reporter)}/index`,
    in: "dejin.spec.ts",
    pattern: /^dejin\/personal\/[^/]+\/index$/,
  },
  {
    route: "/dejin/topic/{topic_name}/index",
    url: `${BASE_PATH}dejin/topic/${encodeURIComponent(DEJIN_FIXTURES.bigTopic)}/index`,
    in: "dejin.spec.ts",
    pattern: /^dejin\/topic\/[^/]+\/index$/,
  },
  {
    route: "/dimim/circle/index",
    url: `${BASE_PATH}dimim/circle/index?id=${urlId(COMMUNITY_FIXTURES.circle)}`,
    in: "community.spec.ts",
    pattern: /^dimim\/circle\/index$/,
  },
  {
    route: "/dimim/content/index",
    url: `${BASE_PATH}dimim/content/index?id=${urlId(COMMUNITY_FIXTURES.post)}`,
    in: "community.spec.ts",
    pattern: /^dimim\/content\/index$/,
  },
  {
    route: "/dimim/topic/index",
    url: `${BASE_PATH}dimim/topic/index?id=${urlId(COMMUNITY_FIXTURES.topic)}`,
    in: "community.spec.ts",
    pattern: /^dimim\/topic\/index$/,
  },
  {
    route: "/fazak/problemShare/index",
    url: `${BASE_PATH}fazak/problemShare/index?id=${urlId(COMMUNITY_FIXTURES.question)}`,
    in: "community.spec.ts",
    pattern: /^fazak\/problemShare\/index$/,
  },
  ...DETAIL_SEGMENTS.map((segment) => ({
    route: `/{actor}/${segment}/{year}/{month}/{post_id}/index`,
    url: detailUrl(DETAIL_FIXTURE[segment], segment),
    in: "detail-route.spec.ts",
    pattern: new RegExp(`^[^/]+/${segment}/\\d{4}/\\d{2}/[^/]+/index(\\.html)?$`),
  })),
  {
    route: "/404",
    url: `${BASE_PATH}404`,
    status: 404,
    in: "not-found.spec.ts",
    pattern: /^404$/,
    notFromNavigation: "the error page: no link leads to it on purpose",
  },
  {
    route: "an unmatched route",
    url: `${BASE_PATH}no/such/page`,
    status: 404,
    in: "not-found.spec.ts",
    pattern: /^no\/such\/page$/,
    notFromNavigation: "an address that is no page of the site",
  },
];

/** Every page a mini program's web-view can show: all but the desktop wrapper. */
export const MINI_PROGRAM_PAGES = SPEC_ROUTES.filter(({ route }) => route !== "/pc").map(({ url }) => url);
