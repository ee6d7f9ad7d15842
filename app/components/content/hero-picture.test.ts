// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { ContentView } from "~/components/content/body-props";
import { coverHero, firstBodyPicture, heroPictureOf, heroPreload, HERO_PRELOAD_SELECTOR } from "./hero-picture";

const content = (fields: Partial<ContentView>) => ({ cover: "", coverWebp: "", html: "", ...fields }) as ContentView;

describe("firstBodyPicture", () => {
  it("is the picture the sanitizer marks first, with its entities decoded and no referrer", () => {
    const html =
      '<p>a</p><img src="https://img.example.cn/a.jpg?w=1&amp;h=2" alt="x" referrerpolicy="no-referrer" fetchpriority="high">' +
      '<img src="https://img.example.cn/b.jpg" referrerpolicy="no-referrer" loading="lazy" decoding="async">';
    expect(firstBodyPicture(html)).toEqual({ src: "https://img.example.cn/a.jpg?w=1&h=2", referrerPolicy: "no-referrer" });
  });

  it("is none without a marked picture", () => {
    expect(firstBodyPicture("<p>text only</p>")).toBeNull();
    expect(firstBodyPicture('<img src="https://img.example.cn/b.jpg" loading="lazy">')).toBeNull();
  });
});

describe("heroPictureOf", () => {
  const cover = "/_platform/media/cover-01.jpg";
  it("is each body's first and largest picture", () => {
    expect(heroPictureOf("video", content({ cover }), { poster: "/p.jpg" } as never)).toEqual({ src: "/p.jpg" });
    expect(heroPictureOf("audio", content({ cover }), {} as never)).toEqual({ src: cover });
    expect(
      heroPictureOf("gallery", content({ cover }), {
        pictures: [
          { url: "/g1.jpg", webp: "" },
          { url: "/g2.jpg", webp: "" },
        ],
      } as never),
    ).toEqual({
      src: "/g1.jpg",
    });
    expect(heroPictureOf("special", content({ cover }), { sections: [] })).toEqual({ src: cover });
    expect(heroPictureOf("mini_program", content({ cover }), null)).toEqual({ src: cover });
  });

  it("is a cover's WebP where the platform gives one, as WebpPicture shows it", () => {
    const covers = content({ cover, coverWebp: "/_platform/media/cover-01.webp" });
    const webp = { src: "/_platform/media/cover-01.webp", type: "image/webp" };
    expect(heroPictureOf("special", covers, { sections: [] })).toEqual(webp);
    expect(heroPictureOf("mini_program", covers, null)).toEqual(webp);
    expect(heroPictureOf("audio", covers, {} as never)).toEqual(webp);
    expect(heroPictureOf("video_album", covers, { items: [], total: 0, pages: 1, playing: null })).toEqual(webp);
  });

  it("is the gallery's first picture as its WebP where the platform gives one", () => {
    const pictures = [
      { url: "/g1.jpg", webp: "/g1.webp" },
      { url: "/g2.jpg", webp: "/g2.webp" },
    ];
    expect(heroPictureOf("gallery", content({ cover }), { pictures } as never)).toEqual({ src: "/g1.webp", type: "image/webp" });
    expect(heroPictureOf("gallery", content({ cover }), { pictures: [] })).toBeNull();
  });

  it("is none where the body shows no such picture", () => {
    expect(heroPictureOf("video", content({ cover }), null)).toBeNull();
    expect(heroPictureOf("audio", content({ cover }), null)).toBeNull();
    expect(heroPictureOf("audio_album", content({ cover }), { items: [], total: 0, pages: 1, playing: "abc" })).toBeNull();
    expect(heroPictureOf("special", content({}), { sections: [] })).toBeNull();
  });
});

describe("coverHero", () => {
  it("is the WebP the cover's <picture> shows where there is one, typed so that a browser without WebP skips it", () => {
    expect(coverHero({ cover: "/c.jpg", coverWebp: "/c.webp" })).toEqual({ src: "/c.webp", type: "image/webp" });
    expect(heroPreload(coverHero({ cover: "/c.jpg", coverWebp: "/c.webp" }))[0]).toMatchObject({ href: "/c.webp", type: "image/webp" });
    expect(coverHero({ cover: "/c.jpg", coverWebp: "" })).toEqual({ src: "/c.jpg" });
    expect(coverHero({ cover: "", coverWebp: "/c.webp" })).toBeNull();
  });
});

describe("heroPreload", () => {
  it("is a high-priority image preload that the page's scripts find", () => {
    const [link] = heroPreload({ src: "/a.jpg", referrerPolicy: "no-referrer" });
    expect(link).toMatchObject({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: "/a.jpg",
      fetchpriority: "high",
      referrerPolicy: "no-referrer",
    });
    const element = document.createElement("link");
    for (const [name, value] of Object.entries({ rel: "preload", as: "image", fetchpriority: "high" })) element.setAttribute(name, value);
    expect(element.matches(HERO_PRELOAD_SELECTOR)).toBe(true);
    expect(heroPreload(null)).toEqual([]);
  });
});
