import { newsroomItem } from "./content-seed";
import { GROUP } from "./seed-articles";
import SITE_MARKUP_NAMES from "./site-markup-names.json" with { type: "json" };

// An article written to misuse the share site from inside its body: every class and id of the site's stylesheets and
// markup (site-markup-names.json, which its test keeps current), every style the sanitizer keeps at its cap and past
// it, a fake app-open dialog and the author's link blown up to cover the screen. The page must look and behave as
// without it. Written for this demo.

export const OVERLAY_CORPUS = {
  id: 744,
  /** Where every link of the author's goes: the e2e suite checks that no tap outside the body reaches one. */
  authorLink: "https://evil.example/author",
  /** The body's last paragraph: the text after every trick is still there. */
  lastLine: "以上是排版压力测试的全部内容。",
} as const;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Styles at the edge of what the sanitizer keeps (app/bff/editor-styles.ts), then far past it: each on a box of its
 * own with text, so a cap that lets one through shows as a box out of the column.
 */
const EXTREMES = [
  "font-size: 64px; width: 15em; max-width: none",
  "font-size: 1000px; width: 40em; max-width: none",
  "width: 100vw; min-width: 100%; padding: 0 64px; margin: 0 64px",
  "margin: 1000px -1000px; padding: 1000px",
  "padding: 1em 20%; margin-left: 20%",
  "text-indent: 128px; letter-spacing: 16px; word-spacing: 16px; line-height: 4em",
  "text-indent: -9999px; letter-spacing: 1000px; line-height: 1000px",
  "border: 16px solid rgb(0, 0, 0); border-radius: 1000px; border-spacing: 16px",
  "border: 1000px solid rgb(0, 0, 0)",
  "box-shadow: 0 0 0 24px rgba(0, 0, 0, 0.85), -24px -24px 24px 24px rgb(0, 0, 0)",
  "box-shadow: 0 0 0 1000px rgba(0, 0, 0, 0.85); text-shadow: 0 -1000px 0 rgb(0, 0, 0)",
  "text-shadow: 24px 24px 24px rgb(0, 0, 0)",
  "transform: rotate(15deg); background-color: rgb(0, 0, 0); color: rgb(255, 255, 255)",
  "transform: rotate(90deg) scale(50) translate(0, -500px)",
  "display: flex; flex: 0 0 1000px; flex-basis: 1000px",
  "float: left; width: 100%; position: relative; opacity: 1; overflow: visible",
  "white-space: nowrap; font-size: 64px",
  "position: fixed; inset: 0; z-index: 2147483647; background-color: rgb(0, 0, 0)",
];

const filler = "作者写的这段文字必须留在正文的方框里，不能盖住页面的顶栏、底栏和弹窗。";

const extremeBoxes = EXTREMES.map(
  (style) =>
    `<section style="${style}"><p>${escape(style)}</p><p>${filler}<span style="vertical-align: -16px">下</span><span style="vertical-align: 1000px">上</span></p></section>`,
).join("\n");

/** The site's own app-open dialog as the author would fake it, with the site's id and classes, and the author's 立即前往. */
const FAKE_DIALOG = `<section id="app-open" class="app-open" role="dialog" aria-modal="true" style="position: fixed; inset: 0; z-index: 2147483647; box-shadow: 0 0 0 1000px rgba(0, 0, 0, 0.85)">
<section class="app-open__box"><h2 id="app-open-title" class="app-open__title">打开APP，查看更多精彩内容</h2>
<p class="app-open__text">该功能需要在APP中使用</p>
<p class="app-open__actions"><a class="button" href="${OVERLAY_CORPUS.authorLink}">立即前往</a></p></section></section>`;

/** The author's link made as large as the kept styles allow, and larger, over the whole screen. */
const COVERING_LINK = `<a href="${OVERLAY_CORPUS.authorLink}" class="sheet__backdrop" style="display: block; font-size: 1000px; width: 40em; max-width: none; margin: -1000px; padding: 1000px; box-shadow: 0 0 0 1000px rgba(0, 0, 0, 0.85)">
<section style="font-size: 64px; width: 15em; padding: 64px; margin: 0 64px; box-shadow: 0 0 0 24px rgba(0, 0, 0, 0.85); transform: rotate(15deg)">点我领取红包</section></a>`;

/** Elements a browser lays out above the page, and attributes that reach the site's own elements. */
const ELEMENT_TRICKS = `<dialog open><p>立即前往下载作者的APP</p></dialog>
<main><p>第二个正文主体</p></main>
<div popover="manual" id="launch-tips-text">弹出层</div>
<details class="nav" open><summary class="nav__toggle">导航</summary><p class="nav__panel">作者的导航</p></details>
<p><label for="comment-input">点这里评论</label> <a name="comments"></a><a href="#app-open" tabindex="1">打开APP</a> <a href="#comments">看评论</a> <span aria-labelledby="comments-title" class="card-id-1">卡片</span></p>`;

const classes = SITE_MARKUP_NAMES.classes.map((name) => `<span class="${name}">${name}</span>`).join(" ");
const ids = SITE_MARKUP_NAMES.ids.map((name) => `<span id="${name}">#${name}</span>`).join(" ");

const BODY = `${FAKE_DIALOG}
<p>这篇文章用来检验：作者的正文借用站点自己的样式名、ID 和极端的样式，也只能留在正文的方框里。</p>
${COVERING_LINK}
${ELEMENT_TRICKS}
<section class="sheet"><p class="sheet__panel">${classes}</p></section>
<section class="launch-tips"><p>${ids}</p></section>
${extremeBoxes}
<p>${OVERLAY_CORPUS.lastLine}</p>`;

/** Older than every other seeded item: last in every list, it moves no card another test reads. */
const HOURS_AGO = 2000;

export const OVERLAY_CORPUS_ARTICLE = newsroomItem(
  OVERLAY_CORPUS.id,
  "article",
  ["排版压力测试：正文只待在自己的方框里", "借用站点样式名和极端样式的正文。"],
  3,
  HOURS_AGO,
  GROUP.culture,
  { body: BODY },
);
