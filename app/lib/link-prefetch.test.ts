import { describe, expect, it } from "vitest";
import { mayPrefetch, prefetchUrl } from "./link-prefetch";

const HERE = "https://share.example.com/davmu/share/news/doc/2026/11/Bk1Og15b/index.html?_t=1";
const BASE = "/davmu/share/";

describe("mayPrefetch", () => {
  it("prefetches on fast connections and where the browser says nothing", () => {
    expect(mayPrefetch(undefined)).toBe(true);
    expect(mayPrefetch({ effectiveType: "4g", saveData: false })).toBe(true);
    expect(mayPrefetch({ effectiveType: "3g" })).toBe(true);
  });

  it("skips 2g, slow-2g and save-data", () => {
    expect(mayPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(mayPrefetch({ effectiveType: "slow-2g" })).toBe(false);
    expect(mayPrefetch({ effectiveType: "4g", saveData: true })).toBe(false);
  });
});

describe("prefetchUrl", () => {
  it("prefetches the data of a router link and the document of a plain link", () => {
    expect(prefetchUrl("/davmu/share/news/doc/2026/11/5y7vD1QW/index.html", true, HERE, BASE)).toBe(
      "https://share.example.com/davmu/share/news/doc/2026/11/5y7vD1QW/index.html.data",
    );
    expect(prefetchUrl("/davmu/share/?group=25ML0MOv", true, HERE, BASE)).toBe("https://share.example.com/davmu/share/.data?group=25ML0MOv");
    expect(prefetchUrl("/davmu/share/list/1q57pzEx/index#top", false, HERE, BASE)).toBe("https://share.example.com/davmu/share/list/1q57pzEx/index");
  });

  it("skips other origins, other schemes, pages outside the site, APIs, assets and files", () => {
    expect(prefetchUrl("https://evil.example/davmu/share/", true, HERE, BASE)).toBeNull();
    expect(prefetchUrl("javascript:alert(1)", false, HERE, BASE)).toBeNull();
    expect(prefetchUrl("weixin://dl/business", false, HERE, BASE)).toBeNull();
    expect(prefetchUrl("/_platform/media/a.mp4", false, HERE, BASE)).toBeNull();
    expect(prefetchUrl("/davmu/share/api/comments/x", true, HERE, BASE)).toBeNull();
    expect(prefetchUrl("/davmu/share/assets/framework-BLuJJjfO.js", false, HERE, BASE)).toBeNull();
    expect(prefetchUrl("/davmu/share/app-logo.svg", false, HERE, BASE)).toBeNull();
  });

  it("skips links to the page itself", () => {
    expect(prefetchUrl("#app-open", false, HERE, BASE)).toBeNull();
    expect(prefetchUrl("?_t=1#comments", false, HERE, BASE)).toBeNull();
  });

  it("answers null for an href that is not a URL", () => {
    expect(prefetchUrl("http://[::1", false, HERE, BASE)).toBeNull();
  });
});
