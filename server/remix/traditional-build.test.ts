import { data, redirect, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { dataWithInitParts } from "../../app/framework/remix-internals";
import { answerInTraditional, traditionalBuild } from "./traditional-build";

describe("answerInTraditional", () => {
  it("converts plain data, data() with its init, and a JSON response with its status and headers", async () => {
    expect(await answerInTraditional({ title: "发布" })).toEqual({ title: "發佈" });
    expect(dataWithInitParts(await answerInTraditional(data({ title: "发布" }, { status: 404, headers: { "X-A": "1" } })))).toEqual({
      data: { title: "發佈" },
      init: { status: 404, headers: { "X-A": "1" } },
    });
    const json = (await answerInTraditional(
      Response.json({ message: "评论发布成功" }, { status: 201, headers: { "Cache-Control": "no-store" } }),
    )) as Response;
    expect([json.status, json.headers.get("cache-control"), await json.json()]).toEqual([201, "no-store", { message: "評論發佈成功" }]);
  });

  it("leaves redirects and other bodies as they are", async () => {
    const moved = redirect("/news/%E5%8F%91%E5%B8%83");
    expect(await answerInTraditional(moved)).toBe(moved);
    const text = new Response("发布", { headers: { "Content-Type": "text/plain" } });
    expect(await answerInTraditional(text)).toBe(text);
  });
});

describe("traditionalBuild", () => {
  const build = {
    basename: "/davmu/share/",
    routes: {
      root: { id: "root", path: "", module: { loader: async () => ({ name: "大目新闻" }), default: () => null } },
      page: { id: "page", parentId: "root", path: "p", module: { action: async () => data({ message: "发布成功" }) } },
    },
  } as unknown as ServerBuild;

  it("answers under the zh-Hant base with every loader and action converted; the build itself is untouched", async () => {
    const hant = traditionalBuild(build) as ServerBuild;
    expect(hant.basename).toBe("/davmu/share/zh-Hant/");
    expect(await hant.routes.root.module.loader!({} as never)).toEqual({ name: "大目新聞" });
    expect(dataWithInitParts(await hant.routes.page.module.action!({} as never))?.data).toEqual({ message: "發佈成功" });
    expect(hant.routes.page.module.loader).toBeUndefined();
    expect(await build.routes.root.module.loader!({} as never)).toEqual({ name: "大目新闻" });
  });

  it("renders with the build's zh-Hant route modules and client files when it has them", async () => {
    const assets = {
      version: "a1",
      url: "/davmu/share/assets/manifest-a1.js",
      entry: { module: "/davmu/share/assets/entry-1.js", imports: ["/davmu/share/assets/shell-1.js"] },
      routes: {
        root: {
          id: "root",
          module: "/davmu/share/assets/root-1.js",
          imports: ["/davmu/share/assets/framework-1.js"],
          css: ["/davmu/share/assets/app.css"],
        },
      },
    };
    const hantRoot = { loader: async () => ({ name: "大目新闻" }), default: () => "繁體" };
    const withParts = {
      ...build,
      assets,
      uiLanguageParts: {
        "zh-Hant": {
          modulesByRoute: { root: hantRoot, page: build.routes.page.module },
          clientFiles: {
            "/davmu/share/assets/entry-1.js": "/davmu/share/assets/entry-2.js",
            "/davmu/share/assets/root-1.js": "/davmu/share/assets/root-2.js",
          },
        },
      },
    } as unknown as ServerBuild;
    const hant = traditionalBuild(withParts) as ServerBuild;
    expect(hant.routes.root.module.default).toBe(hantRoot.default);
    expect(await hant.routes.root.module.loader!({} as never)).toEqual({ name: "大目新聞" });
    expect(hant.assets.entry).toEqual({ module: "/davmu/share/assets/entry-2.js", imports: ["/davmu/share/assets/shell-1.js"] });
    expect(hant.assets.routes.root).toMatchObject({
      module: "/davmu/share/assets/root-2.js",
      imports: ["/davmu/share/assets/framework-1.js"],
      css: ["/davmu/share/assets/app.css"],
    });
    expect(hant.assets.version).toMatch(/^[0-9a-f]{8}$/);
    expect(hant.assets.version).not.toBe(assets.version);
    expect(withParts.assets).toBe(assets);
  });

  it("wraps a development build once per build Vite hands over", async () => {
    const hant = traditionalBuild(async () => build) as () => Promise<ServerBuild>;
    const [first, again] = [await hant(), await hant()];
    expect(first).toBe(again);
    expect(first.basename).toBe("/davmu/share/zh-Hant/");
  });
});
