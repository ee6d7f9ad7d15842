// @vitest-environment jsdom
import { act, createElement as h, type ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NavigationItem } from "~/bff/app-config.server";
import type { Comment } from "~/bff/comments.server";
import type { Card } from "~/bff/content.server";
import { ContentCardList } from "~/components/content-card";
import { CommentList } from "~/components/detail/comment-list";
import { HighlightedText } from "~/components/highlighted-text";
import { NavigationPanel } from "~/components/navigation-panel";
import { rootSite } from "~/hooks/use-root-data";
import { languageChoice } from "~/lib/languages";
import { markPageHydrated, SharedMarkupContext, startPageHydration } from "~/components/shared-markup";
import { ServerSharedMarkup } from "~/render/shared-markup.server";

const card = (n: number, overrides: Partial<Card> = {}): Card => ({
  post_id: `post${n}`,
  content_type: n % 2 ? "video" : "doc",
  title: `临江 <b>新闻</b> & "第${n}条"`,
  source_alias: n % 3 ? "临江发布" : "",
  view_count: 1234 * n,
  publish_at: "2026-11-22 08:00:00",
  album_status: n === 3 ? { status: 0, total: 12 } : null,
  cover: n % 2 ? `https://cdn.example.com/${n}.jpg` : "",
  coverWebp: n % 4 === 1 ? `https://cdn.example.com/${n}.webp` : "",
  href: `/news/doc/2026/11/post${n}/index.html`,
  ...overrides,
});
const NOW = "2026-11-22T03:30:42.123Z";
const marked = (keyword: string) => ({ key: keyword, title: (c: Card) => h(HighlightedText, { text: c.title, keyword }) });

const comment = (n: number, overrides: Partial<Comment> = {}): Comment => ({
  gid: `c${n}`,
  content: `说得好 <script>alert(${n})</script>`,
  alias: n % 2 ? "读者" : "",
  avatar: n % 2 ? `https://cdn.example.com/a${n}.jpg` : "",
  user: { mp_name: n === 1 ? "临江发布" : "" },
  created_at: "2026-11-22 11:00:00",
  ip_location: "浙江",
  star_count: 1500 * n,
  reply_count: n === 1 ? 5 : 0,
  owner_user_id: "",
  owner_alias: n % 2 ? "读者" : "",
  comment_type: 1,
  level: 1,
  reply_alias: "",
  parent_id: "",
  replys: n === 1 ? [{ ...comment(9), level: 2, reply_alias: "读者" }] : [],
  ...overrides,
});
const navigation: NavigationItem[] = [
  {
    id: "home",
    title: "首页",
    binding: "",
    category: "group",
    isHome: true,
    groups: [
      { gid: "r", name: "推荐" },
      { gid: "l", name: "本地" },
    ],
    to: "/",
  },
  { id: "video", title: "视频", binding: "", category: "group", isHome: false, groups: [{ gid: "v", name: "视频" }], to: "/?group=v" },
  { id: "app", title: "直播间", binding: "", category: "app", isHome: false, groups: [], to: null },
];

/** The page as the server renders it: with the shared-markup renderer when `shared`, as React alone otherwise. */
function page(content: ReactElement, shared: boolean, query = "?from=timeline"): ReactElement {
  const routed = h(
    MemoryRouter,
    { basename: "/davmu/share", initialEntries: [`/davmu/share/news/doc/2026/11/x/index.html${query}`] },
    h("main", null, content),
  );
  return shared ? h(SharedMarkupContext.Provider, { value: ServerSharedMarkup }, routed) : routed;
}

/**
 * renderToString, outside React's own warning that layout effects do nothing on the server: the router uses them
 * when it sees a DOM, as in this test's environment. Any other message fails the test.
 */
function renderToHtml(element: ReactElement): string {
  const unexpected: unknown[] = [];
  const errors = vi.spyOn(console, "error").mockImplementation((message: unknown) => {
    if (!String(message).includes("useLayoutEffect does nothing on the server")) unexpected.push(message);
  });
  try {
    return renderToString(element);
  } finally {
    errors.mockRestore();
    expect(unexpected).toEqual([]);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("shared markup", () => {
  const lists: [string, ReactElement][] = [
    ["plain cards", h(ContentCardList, { cards: [card(1), card(2), card(3)], now: NOW })],
    ["ranked cards", h(ContentCardList, { cards: [card(4), card(5)], now: NOW, ranked: true })],
    ["cards with marked words", h(ContentCardList, { cards: [card(6), card(7)], now: NOW, marked: marked("临江") })],
    [
      "comments, with replies and reply links that keep the query",
      h(CommentList, {
        postId: "post1",
        open: true,
        comments: { list: [comment(1), comment(2)], total: 12, pages: 1, expanded: null },
        now: NOW,
        appOffered: true,
      }),
    ],
    ["the navigation panel", h(NavigationPanel, { site: { ...rootSite(null), navigation, languageChoice: languageChoice("zh-Hans") } })],
  ];

  it.each(lists)("%s: the reused HTML is byte for byte what React renders, first time and reused", (_name, list) => {
    const expected = renderToHtml(page(list, false));
    expect(renderToHtml(page(list, true))).toBe(expected);
    expect(renderToHtml(page(list, true))).toBe(expected);
  });

  it("renders again when what the children show changes, never serving another list's markup", () => {
    const first = renderToHtml(page(h(ContentCardList, { cards: [card(8)], now: NOW }), true));
    const retitled = renderToHtml(page(h(ContentCardList, { cards: [card(8, { title: "改过的标题" })], now: NOW }), true));
    const ranked = renderToHtml(page(h(ContentCardList, { cards: [card(8)], now: NOW, ranked: true }), true));
    expect(retitled).toContain("改过的标题");
    expect(retitled).not.toBe(first);
    expect(ranked).toContain("card__rank--1");
  });

  it("gives comments read under another query their own rendering: the reply links carry the query", () => {
    const comments = h(CommentList, {
      postId: "post2",
      open: true,
      comments: { list: [comment(3)], total: 1, pages: 1, expanded: null },
      now: NOW,
      appOffered: true,
    });
    renderToHtml(page(comments, true, "?from=timeline"));
    const other = renderToHtml(page(comments, true, "?from=singlemessage"));
    expect(other).toContain("from=singlemessage&amp;reply=c3");
    expect(other).toBe(renderToHtml(page(comments, false, "?from=singlemessage")));
  });

  it("hydrates in the browser as the children it is: no mismatch, nothing rendered again", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const list = h(ContentCardList, { cards: [card(10), card(11)], now: NOW, ranked: true, marked: marked("新闻") });
    const root = document.createElement("div");
    root.innerHTML = renderToHtml(page(list, true));
    const errors = vi.spyOn(console, "error");
    document.body.append(root);
    const firstCard = root.querySelector("li");
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page(list, false), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // The server's nodes were kept, not replaced by a client render.
    expect(root.querySelector("li")).toBe(firstCard);
  });

  describe("a links-only list while the page first hydrates", () => {
    /** Where the router is: the test's stand-in for the page a navigation shows. */
    const Where = () => h("p", { id: "where" }, useLocation().pathname);
    const withWhere = (list: ReactElement) => h("div", null, list, h(Where));
    const hasFiber = (node: Element | null) => Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactFiber$")));

    async function hydrateList(list: ReactElement) {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      const container = document.createElement("div");
      container.innerHTML = renderToHtml(page(withWhere(list), true));
      document.body.append(container);
      const errors = vi.spyOn(console, "error");
      const recoverable: unknown[] = [];
      startPageHydration();
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, page(withWhere(list), false), { onRecoverableError: (error) => recoverable.push(error) });
      });
      markPageHydrated();
      expect(recoverable).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      return { container, root: root! };
    }

    it("keeps the server's cards as they are, not hydrated, and a click on one navigates through the router", async () => {
      const { container } = await hydrateList(h(ContentCardList, { cards: [card(12), card(13)], now: NOW }));
      const list = container.querySelector("ul.card-list");
      const link = container.querySelector<HTMLAnchorElement>("li a.card__link");
      expect(hasFiber(list)).toBe(true);
      expect(hasFiber(link)).toBe(false);
      expect(link?.getAttribute("href")).toBe("/davmu/share/news/doc/2026/11/post12/index.html");

      const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
      await act(async () => {
        link!.dispatchEvent(click);
      });
      expect(click.defaultPrevented).toBe(true);
      expect(container.querySelector("#where")?.textContent).toBe("/news/doc/2026/11/post12/index.html");
    });

    it("leaves a modified click, another site's link and a link within the page to the browser", async () => {
      const { container } = await hydrateList(
        h(ContentCardList, { cards: [card(14), card(15, { href: "https://example.com/x" }), card(16, { href: "#app-open" })], now: NOW }),
      );
      const links = [...container.querySelectorAll<HTMLAnchorElement>("li a.card__link")];
      const clicks = [
        [links[0], new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true })],
        [links[1], new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })],
        [links[2], new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })],
      ] as const;
      // Past the list (React listens on the root's container), what the browser would do; jsdom cannot follow links.
      const leftToBrowser: boolean[] = [];
      const browser = (event: Event) => {
        leftToBrowser.push(!event.defaultPrevented);
        event.preventDefault();
      };
      document.addEventListener("click", browser);
      for (const [link, click] of clicks) {
        await act(async () => {
          link.dispatchEvent(click);
        });
      }
      document.removeEventListener("click", browser);
      expect(leftToBrowser).toEqual([true, true, true]);
      expect(container.querySelector("#where")?.textContent).toBe("/news/doc/2026/11/x/index.html");
    });

    it("renders the cards as React elements once what they show changes", async () => {
      const { container, root } = await hydrateList(h(ContentCardList, { cards: [card(17)], now: NOW }));
      await act(async () => {
        root.render(page(withWhere(h(ContentCardList, { cards: [card(17), card(18)], now: NOW })), false));
      });
      const links = container.querySelectorAll("li a.card__link");
      expect(links).toHaveLength(2);
      expect([...links].every(hasFiber)).toBe(true);
    });
  });
});
