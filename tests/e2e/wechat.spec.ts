import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { ITEM_FLAG_FIXTURES } from "../../platform/seed-item-flags";
import { BASE_PATH } from "../../app/lib/base-path";
import { DEJIN_FIXTURES } from "../../platform/seed-dejin";
import { SEED_FIXTURES } from "../../platform/seed";
import { DEMO_WECHAT } from "../../platform/wechat-signature";
import { E2E_ORIGIN } from "./support/e2e-server";
import { expectedSignature } from "./support/fake-wechat";
import { waitForHydration } from "./support/hydration";
import { seedArticle } from "./support/seed-content";
import { articleUrl, detailUrl, urlId } from "./support/urls";

/**
 * WeChat's own behaviours: share cards, the signature URL rule, open tags and mini-program mode,
 * with WeChat faked through the bridge weixin-js-sdk talks to (support/fake-wechat.ts): a test that names the
 * `fakeWeChat` fixture runs with it. Android and iOS WeChat sign different URLs; the mini-program profile is iOS
 * WeChat's web-view inside a mini program.
 */

/** WeChat appends these to a shared link; the signature covers them, the share card drops them. */
const SHARED_QUERY = "?from=singlemessage&isappinstalled=0";

/** What the page's head says it is, as a share card should say it. */
async function pageCard(page: Page) {
  const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
  return {
    title: await meta("og:title"),
    desc: await meta("og:description"),
    link: await page.locator('link[rel="canonical"]').getAttribute("href"),
    imgUrl: await meta("og:image"),
  };
}

test.describe("share cards in WeChat", () => {
  test.skip(({ phone }) => !phone.wechat || phone.miniProgram, "share cards are configured only in WeChat's browser");

  test("wx.config gets a signature the platform made for the URL WeChat verifies, and the card is the page's own", async ({
    page,
    phone,
    fakeWeChat,
  }) => {
    const entry = `${E2E_ORIGIN}${articleUrl(SEED_FIXTURES.article)}${SHARED_QUERY}`;
    await page.goto(entry);
    const [config] = await fakeWeChat.callsOf("preVerifyJSAPI", 1);
    // iOS verifies the address the visitor came in on; Android the current one, which now carries _t as well.
    const signed = phone.os === "ios" ? entry : page.url().split("#")[0];
    if (phone.os === "android") expect(signed).toContain("_t=");
    expect(config.args).toMatchObject({
      verifyAppId: DEMO_WECHAT.appId,
      verifySignType: "sha1",
      // Spec section 9's share SDK API list, as wx.config splits it: JS interfaces, then open tags.
      verifyJsApiList: ["updateAppMessageShareData", "updateTimelineShareData", "chooseImage"],
      verifyOpenTagList: ["wx-open-launch-app", "wx-open-launch-weapp"],
    });
    expect(config.args.verifySignature).toBe(expectedSignature(config.args, signed));

    const [friend] = await fakeWeChat.callsOf("updateAppMessageShareData", 1);
    const [timeline] = await fakeWeChat.callsOf("updateTimelineShareData", 1);
    const card = await pageCard(page);
    expect(card.title).toBe(seedArticle(SEED_FIXTURES.article).title);
    expect(card.link).toBe(`${E2E_ORIGIN}${articleUrl(SEED_FIXTURES.article)}`);
    expect(friend.args).toMatchObject(card);
    expect(timeline.args).toMatchObject({ title: card.title, link: card.link, imgUrl: card.imgUrl });
    expect(String(friend.args.imgUrl)).toMatch(/^http:\/\/localhost:\d+\//);
  });

  test("a client-side navigation configures WeChat again, signed for the URL WeChat verifies, with the new page's card", async ({
    page,
    phone,
    fakeWeChat,
  }) => {
    const entry = `${E2E_ORIGIN}${articleUrl(SEED_FIXTURES.article)}${SHARED_QUERY}`;
    await page.goto(entry);
    await fakeWeChat.callsOf("updateAppMessageShareData", 1);
    const next = page.locator('main a.card__link[href*="/doc/"]').first();
    await waitForHydration(page, "main ul.card-list");
    const target = await next.getAttribute("href");
    await next.click();
    await expect(page).toHaveURL((url) => url.pathname === target);

    const configs = await fakeWeChat.callsOf("preVerifyJSAPI", 2);
    const signed = phone.os === "ios" ? entry : page.url().split("#")[0];
    expect(configs[1].args.verifySignature).toBe(expectedSignature(configs[1].args, signed));
    const shares = await fakeWeChat.callsOf("updateAppMessageShareData", 2);
    const card = await pageCard(page);
    expect(card.link).toBe(`${E2E_ORIGIN}${target}`);
    expect(shares[1].args).toMatchObject(card);
  });

  test.describe(() => {
    test.use({ fakeWeChatOptions: { refuseConfig: true } });

    test("a refused configuration shares nothing and leaves the page's own controls", async ({ page, fakeWeChat }) => {
      const failure = page.waitForEvent("console", (message) => message.text().includes("WeChat share setup failed"));
      await page.goto(articleUrl(SEED_FIXTURES.article));
      await failure;
      expect(await fakeWeChat.calls("updateAppMessageShareData")).toEqual([]);
      await expect(page.locator("wx-open-launch-app")).toHaveCount(0);
      await expect(page.locator(".banner__open")).toBeVisible();
    });
  });
});

test.describe("open tags", () => {
  test.skip(({ phone }) => !phone.wechat || phone.miniProgram, "open tags exist only in WeChat's browser");

  test("on iOS <wx-open-launch-app> lies over 打开APP once configured and gives the tap back when it fails; on Android none does", async ({
    page,
    phone,
    fakeWeChat,
  }) => {
    await page.goto(articleUrl(SEED_FIXTURES.article));
    const button = page.locator(".banner__open");
    const hitAtButton = () =>
      button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit?.closest("wx-open-launch-app") ? "tag" : hit === element ? "button" : hit?.outerHTML.slice(0, 80);
      });
    if (phone.os !== "ios") {
      // Spec section 1: WeChat on Android answers 打开APP with the launch tips, so no tag takes the tap from it.
      await fakeWeChat.callsOf("updateAppMessageShareData", 1);
      await waitForHydration(page, ".banner__open");
      await expect(page.locator("wx-open-launch-app")).toHaveCount(0);
      expect(await hitAtButton()).toBe("button");
      await button.click();
      await expect(page.getByRole("dialog", { name: /在浏览器打开/ })).toBeVisible();
      return;
    }
    const tag = page.locator("header.banner wx-open-launch-app");
    await expect(tag).toHaveCount(1);
    expect(await tag.getAttribute("appid")).toMatch(/^wx[0-9a-zA-Z]{16}$/);
    await expect(tag.locator('script[type="text/wxtag-template"]')).toHaveCount(1);
    await expect.poll(hitAtButton).toBe("tag");

    // The app opened through the tag: the spec's openApp push, as every press outside Android's WeChat emits.
    const pushes = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          window.addEventListener("share:push", (event) => resolve(String((event as CustomEvent).detail)), { once: true }),
        ),
    );
    await tag.evaluate((element) => element.dispatchEvent(new CustomEvent("launch")));
    expect(await pushes).toBe("openApp");

    await tag.evaluate((element) => element.dispatchEvent(new CustomEvent("error", { detail: { errMsg: "launch:fail_check fail" } })));
    await expect(tag).toHaveCount(0);
    expect(await hitAtButton()).toBe("button");
  });

  test("the tag carries the page's app-open parameters as extinfo, and the app dialog's 立即前往 has one too", async ({
    page,
    phone,
    fakeWeChat,
  }) => {
    test.skip(phone.os !== "ios", "WeChat on Android and Harmony shows the launch tips instead of an app tag");
    await page.goto(`${BASE_PATH}dejin/personal/${urlId(DEJIN_FIXTURES.reporter)}/index`);
    await expect(page.locator("header.banner wx-open-launch-app")).toHaveAttribute(
      "extinfo",
      `stype=dejinPersonal&user_id=${urlId(DEJIN_FIXTURES.reporter)}`,
    );

    await page.goto(articleUrl(SEED_FIXTURES.article));
    await expect(page.locator("header.banner wx-open-launch-app")).toHaveCount(1);
    await page.evaluate(() => (window.location.hash = "app-open"));
    await expect(page.locator("#app-open wx-open-launch-app")).toHaveCount(1);
    const go = page.locator("#app-open").getByRole("link", { name: "立即前往" });
    const hit = await go.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return Boolean(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest("wx-open-launch-app"));
    });
    expect(hit).toBe(true);
  });

  test("a mini-program page's 打开小程序 gets <wx-open-launch-weapp> with the mini program's id and page", async ({ page, fakeWeChat }) => {
    await page.goto(detailUrl(SEED_FIXTURES.miniProgram, "mini_program"));
    const tag = page.locator(".mp-actions wx-open-launch-weapp");
    await expect(tag).toHaveAttribute("username", "gh_3a7c9e21b5d0");
    await expect(tag).toHaveAttribute("path", "pages/index/index.html");
  });
});

test.describe("mini-program mode", () => {
  test("a mini program item's nav and capsule flags take the back/forward control and the footer away", async ({ page, phone }) => {
    test.skip(!phone.miniProgram, "the mini program's web-view");
    await page.goto(detailUrl(ITEM_FLAG_FIXTURES.bareMiniProgram, "mini_program"));
    await expect(page.locator(".mp-card__title")).toHaveText("临江公交查询");
    await waitForHydration(page, ".mp-card");
    await expect(page.getByRole("navigation", { name: "页面导航" })).toHaveCount(0);
    await expect(page.locator(".mp-footer")).toHaveCount(0);
  });

  test("in a mini program the header gives way to the footer and back/forward, and the card goes to the mini program", async ({
    page,
    phone,
    fakeWeChat,
  }) => {
    test.skip(!phone.miniProgram, "the mini program's web-view");
    await page.goto(`${articleUrl(SEED_FIXTURES.article)}${SHARED_QUERY}`);
    // The server's footer in place of the banner is user-agents.spec.ts's; here what the page's scripts add to it.
    await expect(page.getByRole("navigation", { name: "页面导航" })).toBeVisible();

    const messages = await fakeWeChat.callsOf("invokeMiniProgramAPI", 1);
    const card = await pageCard(page);
    expect(messages[0].args).toMatchObject({
      name: "postMessage",
      arg: { type: "share", title: card.title, desc: card.desc, link: card.link, imageUrl: card.imgUrl },
    });

    // The app dialog only closes in a mini program; no open tag is laid anywhere.
    await page.evaluate(() => (window.location.hash = "app-open"));
    await expect(page.locator("#app-open").getByRole("link", { name: "关闭弹窗" })).toBeVisible();
    await expect(page.locator("#app-open").getByRole("link", { name: "立即前往" })).toHaveCount(0);
    await expect(page.locator("wx-open-launch-app")).toHaveCount(0);
    await page.locator("#app-open").getByRole("link", { name: "关闭弹窗" }).click();
    await expect(page.locator("#app-open")).toBeHidden();

    // The WeChat login method opens the mini program's login page with the current path.
    await waitForHydration(page, ".mp-footer__login");
    await page.locator(".mp-footer__login").click();
    const sheet = page.getByRole("dialog", { name: "登录" });
    await sheet.getByRole("checkbox").check();
    await sheet.getByRole("button", { name: "微信登录" }).click();
    const here = await page.evaluate(() => window.location.pathname + window.location.search);
    await expect
      .poll(async () => (await fakeWeChat.calls("invokeMiniProgramAPI")).find((call) => call.args.name === "navigateTo")?.args.arg)
      .toEqual({ url: `/pages/login/index?redirect=${encodeURIComponent(here)}` });
  });

  test("the back/forward control walks the history", async ({ page, phone, fakeWeChat }) => {
    test.skip(!phone.miniProgram, "the mini program's web-view");
    await page.goto(articleUrl(SEED_FIXTURES.article));
    const first = new URL(page.url()).pathname;
    await waitForHydration(page, "main ul.card-list");
    await page.locator('main a.card__link[href*="/doc/"]').first().click();
    await expect(page).not.toHaveURL((url) => url.pathname === first);
    const second = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "后退" }).click();
    await expect(page).toHaveURL((url) => url.pathname === first);
    await page.getByRole("button", { name: "前进" }).click();
    await expect(page).toHaveURL((url) => url.pathname === second);
  });

  test.describe(() => {
    // Android WeChat's user agent says no mini program, the mini-program profile's says one: WeChat says the opposite.
    test.use({ fakeWeChatOptions: async ({ phone }, use) => use({ miniProgram: !phone.miniProgram }) });

    test("WeChat's own answer decides over the user agent's guess", async ({ page, phone, fakeWeChat }) => {
      test.skip(!phone.wechat || !(phone.miniProgram || phone.os === "android"), "a WeChat web-view whose user agent guesses wrong");
      const inMiniProgram = !phone.miniProgram;
      await page.goto(articleUrl(SEED_FIXTURES.article));
      await expect(page.locator(".router-control")).toHaveCount(inMiniProgram ? 1 : 0);
      await expect(page.locator("header.banner")).toHaveCount(inMiniProgram ? 0 : 1);
      await expect(page.locator(".mp-footer")).toHaveCount(inMiniProgram ? 1 : 0);
    });
  });
});

test.describe("the signature route @once", () => {
  const CONFIG = `${BASE_PATH}api/wechat/config`;

  test("signs this site's own page, without its hash, with a signature the platform's ticket verifies", async ({ request }) => {
    const page = `${E2E_ORIGIN}${articleUrl(SEED_FIXTURES.article)}?from=timeline&_t=1`;
    const response = await request.get(`${CONFIG}?url=${encodeURIComponent(`${page}#comments`)}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ appId: DEMO_WECHAT.appId, openTagAppId: expect.stringMatching(/^wx[0-9a-zA-Z]{16}$/) });
    expect(body.signature).toBe(expectedSignature({ verifyNonceStr: body.nonceStr, verifyTimestamp: body.timestamp }, page));
  });

  test("refuses other sites, pages outside the base path and a missing URL with a JSON 400", async ({ request }) => {
    for (const url of ["https://evil.example/davmu/share/", `${E2E_ORIGIN}/_platform/dev/stats`, articleUrl(SEED_FIXTURES.article), ""]) {
      const response = await request.get(`${CONFIG}?url=${encodeURIComponent(url)}`);
      expect(response.status(), url).toBe(400);
      expect(await response.json()).toEqual({ status: 400, message: "只能为本站的页面签名" });
    }
  });
});
