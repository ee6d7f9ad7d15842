// Long because it is the fence's one upgrade check, every internal in one place. Each test names the export of
// remix-internals.tsx whose internal it watches, so a failure after an upgrade says which use of the framework to
// re-read (docs/decisions/0006-patches-and-react-router-7.md).
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { data, type EntryContext } from "@remix-run/node";
import { Link, UNSAFE_RemixContext } from "@remix-run/react";
import { createStaticHandler, isRouteErrorResponse } from "@remix-run/router";
import { JSDOM } from "jsdom";
import { createElement, Suspense, useContext, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import * as reactRouter from "react-router";
import * as reactRouterDom from "react-router-dom";
import { createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import {
  FRAMEWORK_VERSIONS,
  isRouterLink,
  isSingleFetchDataPath,
  dataWithInitParts,
  isRouteManifestPath,
  keepRootLoaderDataOnly,
  matchedRouteHandles,
  serializedStringInPage,
  SINGLE_FETCH_CONTENT_TYPE,
  singleFetchDataUrl,
  useRouterContextsAround,
} from "~/framework/remix-internals";
import { MODULE_PRELOADS_ATTRIBUTE, ScriptsAfterHero, startAfterHeroScript } from "~/framework/scripts-after-hero";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);

/** The start of every failure message: which use of the framework an upgrade broke. */
const internal = (name: string) => `framework internal ${name} (app/framework/remix-internals.tsx)`;
const installed = (pkg: string, file: string) => readFileSync(path.join(ROOT, "node_modules", pkg, file), "utf8");
const packageJson = (dir: string) => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));

type Pkg = keyof typeof FRAMEWORK_VERSIONS;
const PACKAGES = Object.keys(FRAMEWORK_VERSIONS) as Pkg[];

describe(internal("FRAMEWORK_VERSIONS"), () => {
  const project = packageJson(ROOT);
  const declared: Record<string, string> = { ...project.dependencies, ...project.devDependencies };

  it.each(PACKAGES)("package.json pins %s exactly, and that version is installed", (pkg) => {
    expect(declared[pkg], `${internal("FRAMEWORK_VERSIONS")}: package.json must pin ${pkg} at ${FRAMEWORK_VERSIONS[pkg]}`).toBe(
      FRAMEWORK_VERSIONS[pkg],
    );
    expect(packageJson(path.join(ROOT, "node_modules", pkg)).version, `${internal("FRAMEWORK_VERSIONS")}: installed ${pkg}`).toBe(
      FRAMEWORK_VERSIONS[pkg],
    );
  });

  it("each patch in patches/ is for a pinned version", () => {
    for (const file of readdirSync(path.join(ROOT, "patches"))) {
      const [, name, version] = /^(.+)\+(\d[^+]*)\.patch$/.exec(file) ?? [];
      expect(FRAMEWORK_VERSIONS[name?.replace("+", "/") as Pkg], `${internal("FRAMEWORK_VERSIONS")}: patches/${file}`).toBe(version);
    }
  });

  // The contexts Remix provides and the ones the fence reads must be the same objects: one copy of each package.
  it.each(PACKAGES)("every framework package that depends on %s finds the one installed copy", (pkg) => {
    const top = realpathSync(path.join(ROOT, "node_modules", pkg));
    for (const user of PACKAGES) {
      const userDir = path.join(ROOT, "node_modules", user);
      const { dependencies = {} } = packageJson(userDir);
      if (!(pkg in dependencies)) continue;
      const resolved = path.dirname(realpathSync(require.resolve(`${pkg}/package.json`, { paths: [userDir] })));
      expect(resolved, `${internal("FRAMEWORK_VERSIONS")}: ${user} loads its own copy of ${pkg}`).toBe(top);
      expect(dependencies[pkg], `${internal("FRAMEWORK_VERSIONS")}: ${user} asks for ${pkg} ${dependencies[pkg]}`).toBe(FRAMEWORK_VERSIONS[pkg]);
    }
  });
});

describe("the patches are applied (postinstall: patch-package)", () => {
  // The memoizations have no export of their own: a patch that no longer applies fails the install, and these name it.
  const markers: [string, string, string][] = [
    ["@remix-run/react", "dist/server.js", "const serverRoutesByManifest = new WeakMap();"],
    ["@remix-run/react", "dist/fog-of-war.js", "exports.getPartialManifestJson = getPartialManifestJson;"],
    ["@remix-run/router", "dist/router.cjs.js", "const rankedBranchesByTree = new WeakMap();"],
    ["@remix-run/router", "dist/router.cjs.js", "const compiledPaths = new Map();"],
    ["react-router-dom", "server.js", "const dataRoutesByRoutes = new WeakMap();"],
  ];
  it.each(markers)("%s/%s is patched (%s)", (pkg, file, marker) => {
    const patch = `patches/${pkg.replace("/", "+")}+${FRAMEWORK_VERSIONS[pkg as Pkg]}.patch`;
    expect(installed(pkg, file).includes(marker), `framework patch ${patch}: not applied to ${pkg}/${file}`).toBe(true);
  });

  const urls = ["https://s.example/davmu/share/", "https://s.example/davmu/share/news/doc/2026/11/abc/index.html?group=1", "https://s.example/"];
  it.each(["dist/single-fetch.js", "dist/esm/single-fetch.js"])("singleFetchDataUrl is Remix's patched singleFetchUrl (%s)", (file) => {
    const source = /function singleFetchUrl\(reqUrl\) \{[\s\S]*?\n\}/.exec(installed("@remix-run/react", file))?.[0];
    expect(source, `${internal("singleFetchDataUrl")}: no singleFetchUrl in @remix-run/react/${file}`).toBeDefined();
    const singleFetchUrl = new Function(`${source}; return singleFetchUrl;`)() as (url: URL) => URL;
    for (const url of urls) {
      expect(singleFetchDataUrl(new URL(url)).href, `${internal("singleFetchDataUrl")}: the data URL of ${url}`).toBe(
        singleFetchUrl(new URL(url)).href,
      );
    }
    expect(singleFetchDataUrl(new URL(urls[0])).pathname, `${internal("singleFetchDataUrl")}: the base path's root (remix#10212)`).toBe(
      "/davmu/share/.data",
    );
  });
});

describe("single fetch on the wire", () => {
  const server = installed("@remix-run/server-runtime", "dist/server.js");

  it("isSingleFetchDataPath: the server answers a path ending in .data with the route's data", () => {
    expect(server.includes('url.pathname.endsWith(".data")'), `${internal("isSingleFetchDataPath")}: the server's rule changed`).toBe(true);
    expect(isSingleFetchDataPath("/davmu/share/.data"), internal("isSingleFetchDataPath")).toBe(true);
    expect(isSingleFetchDataPath("/davmu/share/news/doc/2026/11/abc/index.html"), internal("isSingleFetchDataPath")).toBe(false);
  });

  it("isRouteManifestPath: the server and the browser's route discovery both use {basename}/__manifest", () => {
    const discovery = installed("@remix-run/react", "dist/fog-of-war.js");
    const spelled = '`${_build.basename ?? "/"}/__manifest`';
    expect(server.includes(spelled), `${internal("isRouteManifestPath")}: the server's manifest path changed`).toBe(true);
    expect(discovery.includes('`${basename ?? "/"}/__manifest`'), `${internal("isRouteManifestPath")}: the browser's manifest path changed`).toBe(
      true,
    );
    expect(isRouteManifestPath("__manifest?p=%2Fnews&version=1"), internal("isRouteManifestPath")).toBe(true);
    expect(isRouteManifestPath("news/__manifest"), internal("isRouteManifestPath")).toBe(false);
  });

  it("dataWithInitParts: what data() of @remix-run/node answers, and nothing else", () => {
    expect(dataWithInitParts(data({ title: "标题" }, { status: 201, headers: { "X-A": "1" } })), internal("dataWithInitParts")).toEqual({
      data: { title: "标题" },
      init: { status: 201, headers: { "X-A": "1" } },
    });
    expect(dataWithInitParts({ title: "标题" }), internal("dataWithInitParts")).toBeNull();
    expect(dataWithInitParts(new Response("x")), internal("dataWithInitParts")).toBeNull();
  });

  it("SINGLE_FETCH_CONTENT_TYPE: the server's content type of data answers", () => {
    expect(
      server.includes(`"Content-Type", "${SINGLE_FETCH_CONTENT_TYPE}"`),
      `${internal("SINGLE_FETCH_CONTENT_TYPE")}: no longer set by the server`,
    ).toBe(true);
  });

  const hostile = [
    '{"user":{"alias":"</script><script>alert(1)</script>","avatar":""}}',
    "a & b > c \u2028 \u2029",
    'back\\slash "quoted" 中文 \n\t',
  ];

  /** The page's scripts that carry its loader data: turbo-stream's encoding, written by Remix's own StreamTransfer. */
  function streamedScripts(data: unknown): Promise<string> {
    type TransferProps = { context: object; identifier: number; reader: ReadableStreamDefaultReader<Uint8Array>; textDecoder: TextDecoder };
    const { StreamTransfer } = require("@remix-run/react/dist/single-fetch.js") as { StreamTransfer: (props: TransferProps) => ReactNode };
    const transfer = createElement(StreamTransfer, {
      context: { renderMeta: { didRenderScripts: true } },
      identifier: 0,
      reader: encode(data).getReader(),
      textDecoder: new TextDecoder(),
    });
    return new Promise((resolve, reject) => {
      let html = "";
      const sink = new Writable({ write: (chunk, _encoding, done) => done(void (html += chunk)) });
      sink.on("finish", () => resolve(html));
      const { pipe } = renderToPipeableStream(createElement(Suspense, null, transfer), { onAllReady: () => pipe(sink), onShellError: reject });
    });
  }

  it.each(hostile)("serializedStringInPage: the string as turbo-stream and Remix's StreamTransfer put it in the page: %s", async (value) => {
    const scripts = await streamedScripts({ root: { part: value } });
    expect(scripts.split(serializedStringInPage(value)).length - 1, `${internal("serializedStringInPage")}: not in the page once: ${scripts}`).toBe(
      1,
    );
  });

  it.each(hostile)("serializedStringInPage cannot end the script or start markup: %s", (value) => {
    expect(serializedStringInPage(value)).not.toMatch(/[<>&\u2028\u2029]/);
  });
});

describe("what RemixBrowser leaves behind", () => {
  it.each(["dist/browser.js", "dist/esm/browser.js"])("browserRouter: RemixBrowser keeps its router on window.__remixRouter (%s)", (file) => {
    expect(installed("@remix-run/react", file).includes("window.__remixRouter = router"), `${internal("browserRouter")}: no longer set`).toBe(true);
  });
});

/**
 * A page of two routes (/page under the root) rendered as RemixServer renders it: the router's provider inside
 * Remix's context (`remix`), and `element` as the root route's element.
 */
async function renderStaticPage(element: ReactNode, remix: object) {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ viewer: "root data" }),
      children: [{ id: "routes/page", path: "page", loader: () => ({ title: "page data" }) }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("https://s.example/page"));
  if (context instanceof Response || isRouteErrorResponse(context)) throw new Error("the static handler answered a Response");
  const router = createStaticRouter(
    handler.dataRoutes.map((route) => ({ ...route, element })),
    context,
  );
  const html = renderToString(
    createElement(UNSAFE_RemixContext.Provider, { value: remix as never }, createElement(StaticRouterProvider, { router, context, hydrate: false })),
  );
  return { context, html };
}

describe("what RemixServer renders with", () => {
  const CONTEXTS = [
    "UNSAFE_DataRouterContext",
    "UNSAFE_DataRouterStateContext",
    "UNSAFE_NavigationContext",
    "UNSAFE_LocationContext",
    "UNSAFE_RouteContext",
  ] as const;

  it.each(CONTEXTS)("useRouterContextsAround: react-router-dom's %s is the React context react-router provides", (name) => {
    expect(reactRouterDom[name], `${internal("useRouterContextsAround")}: ${name}`).toBe(reactRouter[name]);
    expect((reactRouterDom[name] as unknown as { $$typeof: symbol }).$$typeof, `${internal("useRouterContextsAround")}: ${name}`).toBe(
      Symbol.for("react.context"),
    );
  });

  it("useRouterContextsAround: UNSAFE_RemixContext is a React context, and renderMeta keeps the page's streamed data", () => {
    const name = internal("useRouterContextsAround");
    expect((UNSAFE_RemixContext as unknown as { $$typeof: symbol }).$$typeof, `${name}: UNSAFE_RemixContext`).toBe(Symbol.for("react.context"));
    expect(
      installed("@remix-run/react", "dist/components.js").includes("renderMeta.didRenderScripts = true"),
      `${name}: <Scripts> and renderMeta`,
    ).toBe(true);
    expect(
      installed("@remix-run/react", "dist/single-fetch.js").includes("context.renderMeta.streamCache = {}"),
      `${name}: renderMeta's stream cache`,
    ).toBe(true);
  });

  /** A page of two routes rendered as RemixServer renders it: the router's provider inside Remix's context. */
  async function renderPage(apart: (around: (children: ReactNode) => ReactNode) => string) {
    const remix = { manifest: { routes: {} }, routeModules: {}, future: {}, isSpaMode: false, renderMeta: { didRenderScripts: false } };
    let renderedApart = "";
    function Page() {
      const around = useRouterContextsAround();
      renderedApart = apart(around);
      return null;
    }
    const { context } = await renderStaticPage(createElement(Page), remix);
    return { context, remix, renderedApart };
  }

  it("useRouterContextsAround: markup rendered apart reads the router's data and location, with a renderMeta of its own", async () => {
    const name = internal("useRouterContextsAround");
    let apartMeta: unknown = null;
    function Probe() {
      apartMeta = useContext(UNSAFE_RemixContext)?.renderMeta;
      const { viewer } = reactRouter.useRouteLoaderData("root") as { viewer: string };
      return `${viewer} at ${reactRouter.useLocation().pathname}`;
    }
    const { remix, renderedApart } = await renderPage((around) => renderToString(around(createElement(Probe))));
    expect(renderedApart, `${name}: the router's contexts`).toBe("root data at /page");
    expect(apartMeta, `${name}: renderMeta`).toEqual({});
    expect(apartMeta, `${name}: renderMeta`).not.toBe(remix.renderMeta);
  });

  it("isRouterLink: Remix's <Link> rendered apart carries the mark; a reloadDocument link does not", async () => {
    const { renderedApart } = await renderPage((around) =>
      renderToString(
        around(createElement("p", null, createElement(Link, { to: "/other" }), createElement(Link, { to: "/x", reloadDocument: true }))),
      ),
    );
    const [routed, reloading] = new JSDOM(renderedApart).window.document.querySelectorAll("a");
    expect(isRouterLink(routed), `${internal("isRouterLink")}: ${renderedApart}`).toBe(true);
    expect(isRouterLink(reloading), `${internal("isRouterLink")}: ${renderedApart}`).toBe(false);
  });

  it("matchedRouteHandles and keepRootLoaderDataOnly: the entry context's matches, modules and loader data", async () => {
    const { context } = await renderPage(() => "");
    const remixContext = {
      staticHandlerContext: context,
      routeModules: { root: { handle: { personalized: true } }, "routes/page": { handle: { personalized: false } } },
    } as unknown as EntryContext;
    expect(matchedRouteHandles(remixContext), internal("matchedRouteHandles")).toEqual([{ personalized: true }, { personalized: false }]);
    keepRootLoaderDataOnly(remixContext);
    expect(context.loaderData, internal("keepRootLoaderDataOnly")).toEqual({ root: { viewer: "root data" } });
    // RemixServer renders from its own copy of the loader data, put back in the context the router reads.
    const server = installed("@remix-run/react", "dist/server.js");
    expect(server.includes("context.staticHandlerContext.loaderData = {"), `${internal("keepRootLoaderDataOnly")}: RemixServer's copy`).toBe(true);
    expect(
      server.includes("createStaticRouter(routes$1, context.staticHandlerContext"),
      `${internal("keepRootLoaderDataOnly")}: the router's context`,
    ).toBe(true);
  });
});

describe("the scripts, started once the hero picture is in", () => {
  const name = `framework internal ScriptsAfterHero (app/framework/scripts-after-hero.tsx)`;
  // The app's settings: single fetch, and lazy route discovery (the manifest is in the module script, not a module).
  const remix = {
    manifest: {
      entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
      routes: {
        root: { id: "root", path: "/", module: "/assets/root.js", imports: ["/assets/shell.js"], hasLoader: true },
        "routes/page": {
          id: "routes/page",
          parentId: "root",
          path: "page",
          module: "/assets/page.js",
          imports: ["/assets/shell.js"],
          hasLoader: true,
        },
      },
      url: "/assets/manifest.js",
      version: "1",
    },
    routeModules: {},
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
    serverHandoffString: "{}",
    renderMeta: {},
  };

  async function rendered() {
    // The root route's element; the page route renders none of its own.
    const scripts = createElement(ScriptsAfterHero, { hero: "link.hero", nonce: "n0nce", fetchpriority: "low" } as never);
    const { html } = await renderStaticPage(scripts, remix);
    return new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document;
  }

  it("ScriptsAfterHero: no module preload or module script in the HTML; the module script waits with its preloads listed", async () => {
    const document = await rendered();
    expect(document.querySelectorAll('link[rel="modulepreload"], script[type="module"]').length, `${name}: ${document.body.innerHTML}`).toBe(0);
    const waiting = [...document.querySelectorAll("script")].filter((script) => script.getAttribute(MODULE_PRELOADS_ATTRIBUTE) !== null);
    expect(waiting.length, `${name}: one waiting module script: ${document.body.innerHTML}`).toBe(1);
    const [boot] = waiting;
    expect(new Set(boot.getAttribute(MODULE_PRELOADS_ATTRIBUTE)!.split(" ")), `${name}: Remix's preloads`).toEqual(
      new Set(["/assets/entry.js", "/assets/react.js", "/assets/shell.js", "/assets/root.js", "/assets/page.js"]),
    );
    expect(boot.textContent, `${name}: the module script imports the routes, then the entry`).toMatch(
      /import \* as route0 from "\/assets\/root\.js";[\s\S]*import\("\/assets\/entry\.js"\);/,
    );
    expect(boot.getAttribute("fetchpriority"), `${name}: the scripts' props`).toBe("low");
    expect(boot.getAttribute("nonce"), `${name}: the scripts' props`).toBe("n0nce");
  });

  it("ScriptsAfterHero: the router's state comes first, the start last, as classic scripts with the nonce", async () => {
    const scripts = [...(await rendered()).querySelectorAll("script")];
    expect(
      scripts.map((script) => script.getAttribute("type")),
      name,
    ).toEqual([null, "text/x-module-after-hero", null]);
    expect(scripts[0].textContent, `${name}: the router's state`).toContain("window.__remixContext = {}");
    expect(scripts[2].textContent, `${name}: the start`).toBe(startAfterHeroScript("link.hero"));
    expect(scripts[2].getAttribute("nonce"), `${name}: the start`).toBe("n0nce");
  });
});

describe("the fence", () => {
  /** What only app/framework/ may name: Remix's and React Router's internals and single fetch's markers. */
  const INTERNALS: [string, RegExp][] = [
    ["an UNSAFE_ export", /UNSAFE_/],
    ["single fetch's data suffix", /(?<![\w$)\].?])\.data\b|_root\.data/],
    ["single fetch's content type", /text\/x-script/],
    ["Remix's router-link mark", /data-discover/],
    ["the entry context's internals", /renderMeta|staticHandlerContext|routeModules|__remixContext|__remixRouter/],
    ["a framework package's internals", /from "(@remix-run\/router|turbo-stream|@remix-run\/[\w-]+\/dist\/[^"]*)"/],
  ];

  function sources(dir: string): string[] {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith(`app${path.sep}framework${path.sep}`));
  }

  it("nothing outside app/framework/ names a framework internal (tests aside: they check the wire)", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("server"), "server.ts"]) {
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const [what, pattern] of INTERNALS) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found, "move these uses into app/framework/remix-internals.tsx").toEqual([]);
  });
});
