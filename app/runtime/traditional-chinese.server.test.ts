import { describe, expect, it } from "vitest";
import { JSDOM } from "jsdom";
import { platformKeyword, traditionalAnswer, traditionalHtml, traditionalText } from "./traditional-chinese.server";

describe("traditionalText", () => {
  it("converts Simplified text to Taiwan's standard characters, words kept", () => {
    expect(traditionalText("临江发布暴雨黄色预警 明后两天局地有大暴雨")).toBe("臨江發佈暴雨黃色預警 明後兩天局地有大暴雨");
    // The tw standard swaps characters, not vocabulary (twp would write 資訊).
    expect(traditionalText("信息")).toBe("信息");
  });

  it("leaves text without Han characters as it is", () => {
    expect(traditionalText("https://m.example.cn/a?b=1")).toBe("https://m.example.cn/a?b=1");
  });
});

describe("traditionalHtml", () => {
  it("converts text nodes only: tags, attributes and URLs stay as they were", () => {
    const html =
      '<p class="lead">市气象台发布预警</p><figure><img src="/media/预警.jpg" alt="乌云密布"><figcaption>预计强降雨</figcaption></figure><a href="https://example.cn/?q=台风" title="台风路径">台风路径</a>';
    expect(traditionalHtml(html)).toBe(
      '<p class="lead">市氣象臺發佈預警</p><figure><img src="/media/预警.jpg" alt="乌云密布"><figcaption>預計強降雨</figcaption></figure><a href="https://example.cn/?q=台风" title="台风路径">颱風路徑</a>',
    );
  });

  it("keeps escaped markup inert: text that reads like a tag stays text", () => {
    const hostile = "<p>&lt;img src=x onerror=alert(1)&gt;发布&lt;/p&gt;&lt;script&gt;说&lt;/script&gt;</p>";
    const converted = traditionalHtml(hostile);
    expect(converted).toBe("<p>&lt;img src=x onerror=alert(1)&gt;發佈&lt;/p&gt;&lt;script&gt;說&lt;/script&gt;</p>");
    const { document } = new JSDOM(`<body>${converted}</body>`).window;
    expect([document.querySelectorAll("img, script").length, document.body.children.length]).toEqual([0, 1]);
  });

  it("converts inside nested elements and templates, each text node on its own; comments stay untouched", () => {
    // 发布 split by a tag is two texts: 布 alone stays 布 (together they are 發佈).
    expect(traditionalHtml("<ul><li><b>发</b>布</li></ul><!-- 发布 --><template><i>发布</i></template>")).toBe(
      "<ul><li><b>發</b>布</li></ul><!-- 发布 --><template><i>發佈</i></template>",
    );
  });
});

describe("traditionalAnswer", () => {
  it("converts what a page says, HTML fields through the parser, addresses and ids as they are", () => {
    const answer = {
      title: "临江发布",
      content: { html: '<p title="发布">发布</p>', share_link: "https://example.cn/发布", post_id: "发布", cover: "/a.jpg" },
      comments: [{ nickname: "读者", text: "说得对" }],
      count: 3,
      missing: null,
      keyword: "发布",
    };
    expect(traditionalAnswer(answer)).toEqual({
      title: "臨江發佈",
      content: { html: '<p title="发布">發佈</p>', share_link: "https://example.cn/发布", post_id: "发布", cover: "/a.jpg" },
      comments: [{ nickname: "讀者", text: "說得對" }],
      count: 3,
      missing: null,
      keyword: "发布",
    });
  });

  it("keeps the names the platform keys records by, and converts their copies a reader reads", () => {
    const answer = {
      topic: { topic_name: "城市随手拍", topic_title: "城市随手拍" },
      list: { kind: "topic", topic_name: "城市随手拍" },
      words: [{ word: "马拉松", keyword: "马拉松" }],
      comment: { alias: "江边的风", owner_alias: "江边的风" },
      replyTarget: { targetUserAlias: "江边的风", shownAlias: "江边的风" },
    };
    expect(traditionalAnswer(answer)).toEqual({
      topic: { topic_name: "城市随手拍", topic_title: "城市隨手拍" },
      list: { kind: "topic", topic_name: "城市随手拍" },
      words: [{ word: "馬拉松", keyword: "马拉松" }],
      comment: { alias: "江邊的風", owner_alias: "江边的风" },
      replyTarget: { targetUserAlias: "江边的风", shownAlias: "江邊的風" },
    });
  });

  it("says a server's message that is a UI text as the catalogue does, with Taiwan's words", () => {
    // s2tw alone would write 網絡 (the characters); the catalogue has Taiwan's word, 網路.
    expect(traditionalText("网络错误，请稍后重试～")).toBe("網絡錯誤，請稍後重試～");
    expect(traditionalAnswer({ message: "网络错误，请稍后重试～", title: "网络错误" })).toEqual({
      message: "網路錯誤，請稍後重試～",
      title: "網絡錯誤",
    });
  });

  it("converts a personal part (a JSON string) as the data it holds, and text that only looks like JSON as text", () => {
    const part = JSON.stringify({ toast: { text: "网络错误，请稍后重试～", kind: "error" }, avatarUrl: "/media/头像.png" });
    expect(JSON.parse(traditionalAnswer({ viewer: part }).viewer)).toEqual({
      toast: { text: "網路錯誤，請稍後重試～", kind: "error" },
      avatarUrl: "/media/头像.png",
    });
    expect(traditionalAnswer({ content: "{不是数据}" })).toEqual({ content: "{不是數據}" });
  });

  it("converts streamed parts when they settle, and leaves other objects alone", async () => {
    const when = new Date(0);
    const converted = traditionalAnswer({ later: Promise.resolve({ title: "发布" }), when });
    expect(await converted.later).toEqual({ title: "發佈" });
    expect(converted.when).toBe(when);
  });
});

describe("platformKeyword", () => {
  const on = (path: string) => new Request(`https://m.example.cn/davmu/share/${path}`);

  it("asks the platform in Simplified characters for a keyword typed on a zh-Hant page", () => {
    expect(platformKeyword("臨江 城市更新", on("zh-Hant/search/index"))).toBe("临江 城市更新");
    expect(platformKeyword("临江", on("zh-Hant/api/search"))).toBe("临江");
  });

  it("leaves a zh-Hans page's keyword as typed", () => {
    expect(platformKeyword("臨江", on("search/index"))).toBe("臨江");
  });
});
