import { expect, test } from "@playwright/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";
import { DEJIN_FIXTURES } from "../../platform/seed-dejin";
import { SEED_FIXTURES } from "../../platform/seed";
import { LIST_FIXTURES } from "../../platform/seed-lists";
import { E2E_ORIGIN } from "./support/e2e-server";
import { waitForHydration } from "./support/hydration";
import { detailUrl, urlId } from "./support/urls";

/**
 * Spec section 2, route by route: each opens as a real page at phone size with JavaScript on (android) and off
 * (no-js), and hydrates without a script error. The specs named beside each row test it in depth. The invite,
 * activity, fly-card and /bar pages have specs of their own.
 */

const ROUTES: Array<{ route: string; url: string; status?: number; in: string }> = [
  { route: "/auth", url: `${BASE_PATH}auth`, in: "auth.spec.ts, auth-no-js.spec.ts" },
  { route: "/pc", url: `${BASE_PATH}pc?url=${encodeURIComponent(`${E2E_ORIGIN}${BASE_PATH}`)}`, in: "desktop.spec.ts" },
  { route: "/", url: BASE_PATH, in: "home.spec.ts" },
  { route: "/search/index", url: `${BASE_PATH}search/index?keyword=${encodeURIComponent("马拉松")}`, in: "lists-search.spec.ts" },
  { route: "/content_model/index", url: `${BASE_PATH}content_model/index?id=${urlId(LIST_FIXTURES.livelihood)}`, in: "lists-search.spec.ts" },
  { route: "/special/{id}/index", url: `${BASE_PATH}special/${urlId(SEED_FIXTURES.special)}/index`, in: "detail-route.spec.ts" },
  { route: "/list/{list_id}/index", url: `${BASE_PATH}list/${urlId(LIST_FIXTURES.cityRenewal)}/index`, in: "lists-search.spec.ts" },
  { route: "/dejin/catalog/index", url: `${BASE_PATH}dejin/catalog/index`, in: "dejin.spec.ts" },
  { route: "/dejin/content/index", url: `${BASE_PATH}dejin/content/index`, in: "dejin.spec.ts" },
  { route: "/dejin/detail/{post_id}/index", url: `${BASE_PATH}dejin/detail/${urlId(DEJIN_FIXTURES.clue)}/index`, in: "dejin.spec.ts" },
  { route: "/dejin/personal/{user_id}/index", url: `${BASE_PATH}dejin/personal/${urlId(DEJIN_FIXTURES.reporter)}/index`, in: "dejin.spec.ts" },
  { route: "/dejin/topic/{topic_name}/index", url: `${BASE_PATH}dejin/topic/${encodeURIComponent(DEJIN_FIXTURES.bigTopic)}/index`, in: "dejin.spec.ts" },
  { route: "/dimim/circle/index", url: `${BASE_PATH}dimim/circle/index?id=${urlId(COMMUNITY_FIXTURES.circle)}`, in: "community.spec.ts" },
  { route: "/dimim/content/index", url: `${BASE_PATH}dimim/content/index?id=${urlId(COMMUNITY_FIXTURES.post)}`, in: "community.spec.ts" },
  { route: "/dimim/topic/index", url: `${BASE_PATH}dimim/topic/index?id=${urlId(COMMUNITY_FIXTURES.topic)}`, in: "community.spec.ts" },
  { route: "/fazak/problemShare/index", url: `${BASE_PATH}fazak/problemShare/index?id=${urlId(COMMUNITY_FIXTURES.question)}`, in: "community.spec.ts" },
  ...(
    [
      ["doc", SEED_FIXTURES.article],
      ["audio", SEED_FIXTURES.audio],
      ["audio_album", SEED_FIXTURES.audioAlbum],
      ["gallery", SEED_FIXTURES.gallery],
      ["local_live", SEED_FIXTURES.localLive],
      ["mini_program", SEED_FIXTURES.miniProgram],
      ["svideo", SEED_FIXTURES.svideo],
      ["video", SEED_FIXTURES.video],
      ["video_album", SEED_FIXTURES.videoAlbum],
      ["special", SEED_FIXTURES.special],
    ] as const
  ).map(([segment, dbId]) => ({ route: `/{actor}/${segment}/{year}/{month}/{post_id}/index`, url: detailUrl(dbId, segment), in: "detail-route.spec.ts" })),
  { route: "/404", url: `${BASE_PATH}404`, status: 404, in: "not-found.spec.ts" },
  { route: "an unmatched route", url: `${BASE_PATH}no/such/page`, status: 404, in: "not-found.spec.ts" },
];

test.beforeEach(({}, testInfo) => {
  test.skip(!["android", "no-js"].includes(testInfo.project.name), "JavaScript on (android) and off (no-js) are the two cases");
});

for (const { route, url, status = 200, in: spec } of ROUTES) {
  test(`${route} opens (${spec})`, async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(url);
    expect(response?.status()).toBe(status);
    await expect(page.locator("main, iframe").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Unexpected Server Error");
    if (testInfo.project.name !== "no-js") await waitForHydration(page);
    expect(errors).toEqual([]);
  });
}
