import { describe, expect, it } from "vitest";
import { BODY_ID_PREFIX, sanitizeHtml as clean } from "./sanitize.worker";

describe("sanitizeHtml policy", () => {
  it("keeps ordinary article markup", () => {
    const html = "<h2>标题</h2><p>正文<strong>加粗</strong><em>斜体</em></p><ul><li>一</li></ul><blockquote>引用</blockquote>";
    expect(clean(html)).toBe(html);
  });

  it("drops every class, the site's own and the editors'", () => {
    expect(
      clean('<section class="sheet app-open"><p class="launch-tips card-id-5">正文</p><img class="rich_pages wxw-img" src="/a.jpg"></section>'),
    ).toBe('<section><p>正文</p><img src="/a.jpg" referrerpolicy="no-referrer" fetchpriority="high"></section>');
  });

  it("puts a table in the sanitizer's own box even inside a box that claims its class", () => {
    expect(clean('<div class="rich-text__table"><table><tr><td>1</td></tr></table></div>')).toBe(
      '<div><div class="rich-text__table"><table><tbody><tr><td>1</td></tr></tbody></table></div></div>',
    );
  });

  it("prefixes ids and names, and the in-body links and references that point at them", () => {
    expect(BODY_ID_PREFIX).toBe("user-content-");
    expect(clean('<h2 id="app-open">目录</h2><p><a href="#app-open">回到目录</a> <a name="notes"></a><a href="#notes">注</a></p>')).toBe(
      '<h2 id="user-content-app-open">目录</h2><p><a href="#user-content-app-open">回到目录</a> <a name="user-content-notes"></a><a href="#user-content-notes">注</a></p>',
    );
    expect(clean('<label for="comment-input">评论</label>')).toBe('<label for="user-content-comment-input">评论</label>');
    expect(clean('<p aria-labelledby="a  b" aria-describedby="comments-title">x</p>')).toBe(
      '<p aria-labelledby="user-content-a user-content-b" aria-describedby="user-content-comments-title">x</p>',
    );
    expect(clean('<table><tr><th id="h">h</th><td headers="h">1</td></tr></table>')).toContain(
      '<th id="user-content-h">h</th><td headers="user-content-h">1</td>',
    );
    expect(clean('<img src="/a.jpg" usemap="#m" name="getElementById">')).toContain('usemap="#user-content-m" name="user-content-getElementById"');
  });

  it("leaves a bare # link, an id already prefixed and links to other pages as they are", () => {
    expect(clean('<a href="#">顶部</a>')).toBe('<a href="#">顶部</a>');
    expect(clean('<p id="user-content-x"><a href="#user-content-x">x</a></p>')).toBe('<p id="user-content-x"><a href="#user-content-x">x</a></p>');
    expect(clean('<a href="/davmu/share/#app-open">x</a>')).toBe('<a href="/davmu/share/#app-open">x</a>');
  });

  it("removes dialog and main elements but keeps their text", () => {
    expect(clean("<dialog open><p>立即前往</p></dialog><main><p>正文</p></main>")).toBe("<p>立即前往</p><p>正文</p>");
  });

  it("drops popovers, tab order, roles and modal claims", () => {
    expect(
      clean('<div popover="manual" tabindex="1" role="dialog" aria-modal="true" aria-label="登录">x</div><a href="/a" popovertarget="p">y</a>'),
    ).toBe('<div aria-label="登录">x</div><a href="/a">y</a>');
  });

  it("removes scripts, styles and their contents", () => {
    const out = clean("<p>a</p><script>alert(1)</script><style>body{display:none}</style><p>b</p>");
    expect(out).toBe("<p>a</p><p>b</p>");
  });

  it("removes object, embed, form and input elements", () => {
    const out = clean('<object data="x.swf"></object><embed src="x.swf"><form action="/steal"><input name="p"><button>go</button></form>');
    expect(out).not.toMatch(/<(object|embed|form|input|button)/i);
  });

  it("removes event handler attributes", () => {
    const out = clean('<img src="https://img.example.cn/a.jpg" onerror="alert(1)" onload="alert(2)"><p onclick="x()">t</p>');
    expect(out).not.toMatch(/on(error|load|click)/i);
    expect(out).toContain('src="https://img.example.cn/a.jpg"');
  });

  it("keeps the safe part of style attributes and image dimensions", () => {
    const out = clean('<p style="position:fixed;top:0;color:#c00;text-align:center">t</p><img src="/a.png" width="640" height="360" style="x">');
    expect(out).toContain('<p style="color: #c00; text-align: center">');
    expect(out).not.toMatch(/fixed|top:|style="x"/);
    expect(out).toContain('width="640"');
    expect(out).toContain('height="360"');
  });

  it("keeps the editor's sections, tables, sup, sub and hr", () => {
    const html =
      '<section style="margin: 10px 0"><section style="border-left: 4px solid #c00; padding: 8px"><p>导读</p></section></section>' +
      '<table><tbody><tr><td style="border: 1px solid #ddd">1</td></tr></tbody></table><p>m<sup>2</sup>H<sub>2</sub>O</p><hr>';
    expect(clean(html)).toBe(html.replace("<table>", '<div class="rich-text__table"><table>').replace("</table>", "</table></div>"));
  });

  it("puts each table in a box that scrolls sideways, and sanitizes what the table holds", () => {
    expect(clean('<table onclick="x()"><tr><td><img src=x onerror="alert(1)"></td></tr></table>')).toBe(
      '<div class="rich-text__table"><table><tbody><tr><td><img src="x" referrerpolicy="no-referrer" fetchpriority="high"></td></tr></tbody></table></div>',
    );
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="jav&#x0A;ascript:alert(1)">x</a>',
    '<a href=" &#14; javascript:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  ])("drops a dangerous link: %s", (html) => {
    expect(clean(html)).toBe("<a>x</a>");
  });

  it("refuses data: URLs on images and media too", () => {
    const out = clean(
      '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="><video poster="data:image/png;base64,AAAA" src="https://v.example.cn/a.mp4"></video>',
    );
    expect(out).not.toContain("data:");
    expect(out).toContain('src="https://v.example.cn/a.mp4"');
  });

  it("removes svg and math, with the scripts hidden inside them", () => {
    for (const html of [
      "<svg><script>alert(1)</script></svg>",
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
      '<svg><animate onbegin="alert(1)" attributeName="x"></animate></svg>',
    ]) {
      const out = clean(html);
      expect(out).not.toMatch(/<(svg|math|script|animate)|onerror|onbegin|javascript:/i);
    }
  });

  it("survives mutation-XSS style markup", () => {
    const out = clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>">');
    expect(out).not.toMatch(/onerror/i);
  });

  it("keeps https iframes from trusted video hosts, sandboxed and lazy", () => {
    const out = clean(
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1xx" width="100%" height="240" allowfullscreen="true" frameborder="0" onload="x()"></iframe>',
    );
    expect(out).toContain('src="https://player.bilibili.com/player.html?bvid=BV1xx"');
    expect(out).toContain('sandbox="allow-scripts allow-same-origin allow-presentation"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain("allowfullscreen");
    expect(out).not.toContain("onload");
  });

  it.each([
    '<iframe src="https://evil.example.com/"></iframe>',
    '<iframe src="http://player.bilibili.com/player.html"></iframe>',
    '<iframe src="https://player.bilibili.com.evil.com/"></iframe>',
    '<iframe src="https://evil.com/?u=https://player.bilibili.com/"></iframe>',
    '<iframe src="https://player.bilibili.com@evil.com/"></iframe>',
    '<iframe src="https://player.bilibili.com:8443/"></iframe>',
    '<iframe src="//player.bilibili.com/player.html"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    "<iframe></iframe>",
  ])("removes an untrusted iframe: %s", (html) => {
    expect(clean(`<p>a</p>${html}<p>b</p>`)).toBe("<p>a</p><p>b</p>");
  });

  it("strips srcdoc from a trusted iframe", () => {
    const out = clean('<iframe src="https://v.qq.com/txp/iframe/player.html?vid=x" srcdoc="<script>alert(1)</script>"></iframe>');
    expect(out).toContain('src="https://v.qq.com/txp/iframe/player.html?vid=x"');
    expect(out).not.toContain("srcdoc");
  });

  it("fetches the first image at once and makes the others lazy and async, none with a Referer", () => {
    expect(clean('<p>x</p><img src="https://img.example.cn/a.jpg" alt="图"><img src="https://img.example.cn/b.jpg" alt="">')).toBe(
      '<p>x</p><img src="https://img.example.cn/a.jpg" alt="图" referrerpolicy="no-referrer" fetchpriority="high">' +
        '<img src="https://img.example.cn/b.jpg" alt="" referrerpolicy="no-referrer" loading="lazy" decoding="async">',
    );
  });

  it("does not let the body choose a referrer policy", () => {
    expect(clean('<img src="https://img.example.cn/a.jpg" referrerpolicy="unsafe-url">')).toContain('referrerpolicy="no-referrer"');
    expect(clean('<a href="https://example.org/" referrerpolicy="unsafe-url">x</a>')).not.toContain("unsafe-url");
  });

  it("promotes a lazy-loading data-src to src, sizes the picture from data-ratio and data-w, and drops data attributes", () => {
    const out = clean('<img class="rich_pages wxw-img" data-src="https://mmbiz.qpic.cn/a.jpg" data-ratio="0.6667" data-w="1080" data-type="jpeg">');
    expect(out).toContain('src="https://mmbiz.qpic.cn/a.jpg"');
    expect(out).toContain('width="1080"');
    expect(out).toContain('height="720"');
    expect(out).not.toContain("data-");
  });

  it("keeps a picture's own width and height over data-ratio, and ignores a ratio that is not one", () => {
    expect(clean('<img src="/a.jpg" width="300" height="200" data-ratio="2" data-w="100">')).toMatch(/width="300" height="200"/);
    expect(clean('<img src="/a.jpg" data-ratio="1e9">')).not.toContain("height=");
    expect(clean('<img src="/a.jpg" data-ratio="0.5">')).toContain('width="1000" height="500"');
  });

  it("does not promote a dangerous data-src", () => {
    expect(clean('<img data-src="javascript:alert(1)">')).not.toContain("javascript");
  });

  it("opens external links in a new tab without an opener", () => {
    expect(clean('<a href="https://example.org/">外链</a>')).toBe(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">外链</a>',
    );
    expect(clean('<a href="//example.org/">x</a>')).toContain('target="_blank"');
  });

  it("leaves on-site links in the same tab and drops author-set targets", () => {
    expect(clean('<a href="/davmu/share/news/doc/2026/11/x/index.html" target="_top">站内</a>')).toBe(
      '<a href="/davmu/share/news/doc/2026/11/x/index.html">站内</a>',
    );
    expect(clean('<a href="tel:10086">电话</a>')).toBe('<a href="tel:10086">电话</a>');
  });

  it("gives media native controls and inline playback, without autoplay", () => {
    const out = clean('<video src="https://v.example.cn/a.mp4" autoplay></video><audio src="https://v.example.cn/a.mp3"></audio>');
    expect(out).not.toContain("autoplay");
    expect(out).toMatch(/<video[^>]*controls/);
    expect(out).toMatch(/<video[^>]*playsinline/);
    expect(out).toMatch(/<audio[^>]*controls/);
  });

  it("handles empty input", () => {
    expect(clean("")).toBe("");
  });
});
