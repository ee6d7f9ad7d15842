import { describe, expect } from "vitest";
import { statsPath } from "./routes/dev";
import type { ContentStats } from "./routes/tracker";
import { SEED_FIXTURES } from "./seed";
import { freshPlatformTest, TEST_DEV_KEY, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
const READER = "3f9a0c1d2e4b5a6978c0d1e2f3a4b5c6";
const base = {
  version: "1",
  terminal: "wap",
  device_type: "mobile",
  device_os: "android",
  user_id: "",
  device_id: READER,
  anonymous_id: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
  timestamp: 1_795_000_000,
};
const view = (tid: string, extra: object = {}) => ({ ...base, behavior: "view", tid, ...extra });
const read = (tid: string, duration: number, percent: number) => ({ ...base, behavior: "read", tid, duration, percent });

/** A platform of its own for each test, so that its statistics count only what the test sent. */
type StatsAnswer = { list: ContentStats[]; readers: number };
const test = freshPlatformTest.extend<{ statsAnswer: (query?: string) => Promise<StatsAnswer>; stats: (query?: string) => Promise<ContentStats[]> }>({
  statsAnswer: async ({ p }, use) =>
    use(async (query = "") => {
      const result = await p.get<StatsAnswer>(`${statsPath(TEST_DEV_KEY)}${query}`);
      expect(result.code).toBe(0);
      return result.data!;
    }),
  stats: async ({ statsAnswer }, use) => use(async (query) => (await statsAnswer(query)).list),
});

describe("POST /tracker/log and the development statistics", () => {
  test("stores a batch and counts views, reads with averages, exposes per card and the launch funnel", async ({ p, stats }) => {
    const article = id(SEED_FIXTURES.manyComments);
    const other = id(2);
    const sent = await p.post("/tracker/log", {
      body: [
        view(article),
        view(article),
        read(article, 10, 40),
        read(article, 21, 90),
        { ...base, behavior: "expose", tid: `${article}|${other}` },
        { ...base, behavior: "expose", tid: other },
        { ...base, behavior: "attempt", tid: article },
        { ...base, behavior: "opened", tid: article },
        view("", { path: "/" }),
      ],
    });
    expect(sent).toEqual({ code: 0, message: "success", data: { accepted: 9 } });
    const list = await stats();
    const row = list.find((r) => r.content_id === article)!;
    expect(row).toMatchObject({ views: 2, reads: 2, avg_duration: 15.5, avg_percent: 65, exposes: 1, attempts: 1, opened: 1, fell_back: 0 });
    expect(row.title).not.toBe("");
    expect(list.find((r) => r.content_id === other)).toMatchObject({ views: 0, reads: 0, avg_duration: null, exposes: 2 });
    expect(list.find((r) => r.content_id === "")).toMatchObject({ path: "/", views: 1 });
  });

  test("accepts one event as the body, as the spec's beacon sends it", async ({ p, stats }) => {
    expect((await p.post("/tracker/log", { body: view(id(3)) })).data).toEqual({ accepted: 1 });
    expect(await stats()).toHaveLength(1);
  });

  test("refuses a whole batch when one event is wrong, and stores nothing of it", async ({ p, stats }) => {
    const good = view(id(3));
    const wrong = [
      { ...good, version: "2" },
      { ...good, terminal: "pc" },
      { ...good, behavior: "click" },
      { ...good, timestamp: 1_795_000_000_000 },
      { ...good, duration: 5 },
      { ...base, behavior: "read", tid: id(3), duration: 5 },
      { ...good, tid: "zzzzzzzz" },
      { ...good, tid: "" },
      { ...good, user_id: "not-an-id" },
      { ...good, device_id: "../etc" },
      { ...good, anonymous_id: "x".repeat(65) },
      { ...good, device_id: undefined },
      { ...good, extra: 1 },
    ];
    for (const event of wrong) {
      const result = await p.post("/tracker/log", { body: [good, event] });
      expect(result.code, JSON.stringify(event)).toBe(400);
      expect(result.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await p.post("/tracker/log", { body: [] })).code).toBe(400);
    expect((await p.post("/tracker/log", { body: Array.from({ length: 51 }, () => good) })).code).toBe(400);
    expect((await p.post("/tracker/log", { rawBody: "{" })).code).toBe(400);
    expect(await stats()).toEqual([]);
  });

  test("narrows the statistics to one visitor by phone", async ({ p, stats }) => {
    const demo = await p.loginDemo();
    await p.post("/tracker/log", { body: [view(id(3), { user_id: demo.user_id }), view(id(4))] });
    expect((await stats()).map((r) => r.content_id).sort()).toEqual([id(3), id(4)].sort());
    expect((await stats(`&tel=${SEED_FIXTURES.demoPhone}`)).map((r) => r.content_id)).toEqual([id(3)]);
    expect(await stats("&tel=13900009999")).toEqual([]);
  });

  test("counts distinct readers: two readers of one page are two, one reader of two pages is one", async ({ p, statsAnswer }) => {
    const [one, two] = ["1111aaaa2222bbbb", "3333cccc4444dddd"];
    await p.post("/tracker/log", {
      body: [
        view(id(3), { device_id: one }),
        view(id(3), { device_id: two }),
        view(id(4), { device_id: one }),
        view(id(4), { device_id: one }),
        view(id(5), { device_id: "" }),
      ],
    });
    const all = await statsAnswer();
    expect(all.list.find((r) => r.content_id === id(3))).toMatchObject({ views: 2, readers: 2 });
    expect(all.list.find((r) => r.content_id === id(4))).toMatchObject({ views: 2, readers: 1 });
    // Events the site could not name a reader for count views, not readers.
    expect(all.list.find((r) => r.content_id === id(5))).toMatchObject({ views: 1, readers: 0 });
    expect(all.readers).toBe(2);
    const first = await statsAnswer(`&device=${one}`);
    expect(first.readers).toBe(1);
    expect(first.list.map((r) => r.content_id).sort()).toEqual([id(3), id(4)].sort());
    expect((await statsAnswer(`&device=${one},${two}`)).readers).toBe(2);
    expect((await p.get(`${statsPath(TEST_DEV_KEY)}&device=a;b`)).code).toBe(400);
  });

  test("opens the statistics only with the development key, and as a page for a browser", async ({ p }) => {
    await p.post("/tracker/log", { body: view(id(3)) });
    for (const path of ["/dev/stats", "/dev/stats?key=wrong"]) {
      expect((await fetch(`${p.origin}/_platform${path}`)).status, path).toBe(404);
    }
    const page = await fetch(`${p.origin}/_platform${statsPath(TEST_DEV_KEY)}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("<h1>开发统计</h1>");
    expect(html).toContain(`<code>${id(3)}</code>`);
    expect(html).toContain("共 1 位读者");
  });
});
