import { globSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { vitePlugin as remix } from "@remix-run/dev";
import license from "rollup-plugin-license";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { BASE_PATH } from "./app/lib/base-path";
import { chunkPlan } from "./scripts/chunk-plan";
import { serviceWorkerBuild } from "./scripts/service-worker-build";
import { serverOnlySourceMaps } from "./scripts/source-maps-build";
import { isZhHantClientBuild, uiLanguageBuild } from "./scripts/ui-language-build";

const UNIT_TESTS = ["app/**/*.test.ts", "deploy/**/*.test.ts", "platform/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"];
// The files that run in jsdom, as their first line says.
const DOM_TESTS = globSync(UNIT_TESTS).filter((file) => readFileSync(file, "utf8").startsWith("// @vitest-environment jsdom"));

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  base: BASE_PATH,
  // The packages' license comments (a tenth of the framework chunk's bytes) go to one file beside the client
  // build (third-party-licenses.txt, written by rollup-plugin-license below) instead of into every phone's download.
  esbuild: { legalComments: "none" },
  build: {
    target: "es2019",
    // Terser over esbuild's minifier for what phones download: the article's first-load JavaScript 4 % smaller
    // (docs/benchmarks.md). The server build stays unminified, as Vite leaves it.
    minify: isSsrBuild ? false : "terser",
    // Maps of the client's scripts for the server alone, to place visitors' script errors (scripts/source-maps-build.ts):
    // Remix's warning at the start that maps make the code public does not apply, as none stays in build/client.
    sourcemap: isSsrBuild ? false : "hidden",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // Lazy bodies and players import their chunks plainly: no dependency map or preload helper in every page that could import them.
    modulePreload: false,
    // The server stays one file (the sanitizer's worker resolves beside it) even where pages lazy-load their bodies.
    rollupOptions: { output: isSsrBuild ? { inlineDynamicImports: true } : { manualChunks: chunkPlan() } },
  },
  plugins: [
    // UI texts in zh-Hant: a second client build, and zh-Hant copies of the route modules, whose imports it resolves
    // before any other plugin does (docs/decisions/0010-ui-texts.md).
    !process.env.VITEST && uiLanguageBuild(),
    !process.env.VITEST &&
      remix({
        basename: BASE_PATH,
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
        // Spec section 2: /special/{id}/index is the special-topic home without actor or date; the detail route serves it.
        routes: (defineRoutes) =>
          defineRoutes((route) => {
            route("special/:postId/:index", "routes/$actor.$type.($year).($month).$postId.$index/route.tsx", { id: "special-home" });
          }),
      }),
    tsconfigPaths(),
    !isSsrBuild &&
      !process.env.VITEST && {
        ...license({ thirdParty: { output: { file: "build/client/third-party-licenses.txt" } } }),
        apply: (config) => !isZhHantClientBuild(config),
      },
    serviceWorkerBuild(),
    serverOnlySourceMaps(),
  ],
  test: {
    environment: "node",
    // A worker runs file after file (docs/testing.md, "Unit tests"): the libraries and the environment stay loaded,
    // and each file reads the app's modules afresh (tests/unit/fresh-modules.ts). About half the CPU time of a worker per file.
    isolate: false,
    setupFiles: ["tests/unit/fresh-modules.ts"],
    // The jsdom files keep a worker each: a worker has one window, and what they leave on it reaches the next file.
    // Vitest takes a pool's isolation from here, not from a project, so theirs is a pool of its own (threads).
    poolOptions: { threads: { isolate: true } },
    projects: [
      { extends: true, test: { name: "node", include: UNIT_TESTS, exclude: DOM_TESTS } },
      { extends: true, test: { name: "dom", include: DOM_TESTS, pool: "threads" } },
    ],
    // The code under test logs its warnings; a test that checks lines captures them (app/runtime/logger.test-support.ts).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
    // A file-scoped fixture (a test platform, the module under test) starts inside the first test that uses it, so
    // that test gets the time a set-up hook has (10 s) on top of its own (5 s).
    testTimeout: 15_000,
    // Vitest leaves a core to itself by default, which on a 2-core machine is one test file at a time: the files
    // wait on timers and sockets as much as they compute, so one per core keeps both busy.
    maxWorkers: availableParallelism(),
    // The JSON report feeds the summary that ends `npm test` (scripts/test-summary.mjs).
    reporters: ["default", "json"],
    outputFile: { json: "test-results/unit.json" },
  },
}));
