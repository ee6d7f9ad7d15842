/**
 * UI texts in zh-Hant with nothing added to zh-Hans pages (docs/decisions/0010-ui-texts.md). The components write
 * their texts in Simplified Chinese; the build makes their zh-Hant versions by putting each text's catalogue entry
 * (app/lib/ui-texts.zh-Hant.json) in its place in the compiled module (scripts/ui-text-literals.ts):
 *
 * - the client: once the zh-Hans client build is written, a second client build of the same modules with the zh-Hant
 *   texts into the same folder (files that do not differ come out with the same names), and a map from each zh-Hans
 *   file to its zh-Hant one, found by the modules each chunk holds;
 * - the server: in the one server build, a zh-Hant copy of each route module and of the app modules they reach, but
 *   never of a server module (`.server.`) or of a module that makes a React context: what holds state, and what a
 *   render provides and reads, stays one module (docs/decisions/0007-one-module-graph.md). The Remix server build
 *   exports the copies and the file map as LANGUAGE_PARTS_EXPORT for the zh-Hant handler (server/remix/language-build.ts).
 *
 * A text with no catalogue entry fails the build. Development (`vite` serve) does neither: its zh-Hant pages show the
 * texts as written.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin, type ResolvedConfig, type Rollup } from "vite";
import { LANGUAGE_PARTS_EXPORT } from "../server/remix/language-parts";
import { readCatalogue, textsOf } from "./ui-text-catalogue";
import { inLanguage } from "./ui-text-literals";

declare module "vite" {
  interface UserConfig {
    /** Set on the zh-Hant client build, which this plugin starts. */
    uiLanguage?: "zh-Hant";
  }
}

/** The suffix of a server module's zh-Hant copy. */
const COPY = "?ui-language=zh-Hant";
const SERVER_BUILD = "\0virtual:remix/server-build";
/**
 * Whether a module makes a React context, which a render provides and reads across modules: such a module is never
 * copied. Any mention of createContext counts (its call may carry type arguments).
 */
export const makesReactContext = (source: string) => /\bcreateContext\b/.test(source);

const withoutQuery = (id: string) => id.replace(/\?.*$/, "");

/** Whether a build is the zh-Hant client build. */
export const isZhHantClientBuild = (config: { uiLanguage?: string }) => config.uiLanguage === "zh-Hant";

export function uiLanguageBuild(): Plugin[] {
  let config: ResolvedConfig;
  let zhHantClient = false;
  const catalogue = readCatalogue();
  const appDir = () => path.join(config.root, "app") + path.sep;
  const partsDir = () => path.join(path.dirname(path.resolve(config.root, config.build.outDir)), ".ui-languages");
  const filesOf = (language: string) => path.join(partsDir(), `client-files.${language}.json`);
  /** Whether each app module met makes a React context, read once. */
  const makesContext = new Map<string, boolean>();

  /** Whether the server build gets a zh-Hant copy of module `id`. */
  function copied(id: string): boolean {
    if (id.includes("?") || !id.startsWith(appDir()) || !/\.tsx?$/.test(id) || /\.server\./.test(id)) return false;
    if (!makesContext.has(id)) {
      const source = readFileSync(id, "utf8");
      const context = makesReactContext(source);
      // Kept one module for both languages, it would show its texts in Simplified Chinese on zh-Hant pages.
      if (context && textsOf(source, id).length > 0)
        throw new Error(`${id} makes a React context and has UI texts: move the texts to a module of their own`);
      makesContext.set(id, context);
    }
    return !makesContext.get(id);
  }

  function translated(this: Rollup.TransformPluginContext, code: string, id: string) {
    const result = inLanguage(code, id, catalogue);
    if (result.missing.length > 0) {
      this.error(
        `UI texts without a zh-Hant entry: ${result.missing.join(" | ")}. Run \`npx tsx scripts/ui-text-catalogue.ts\` and review the drafts.`,
      );
    }
    return { code: result.code, map: result.map };
  }

  /** Each chunk's file, by the modules it holds: the same key in both languages' builds. */
  const chunkFiles = (bundle: Rollup.OutputBundle) =>
    Object.fromEntries(
      Object.values(bundle)
        .filter((output): output is Rollup.OutputChunk => output.type === "chunk")
        .map((chunk) => [[...chunk.moduleIds].sort().join("\n"), config.base + chunk.fileName]),
    );

  return [
    {
      name: "ui-language-copies",
      apply: "build",
      enforce: "pre",
      config: {
        // After the Remix plugin's, which turns Vite's manifest on for client builds.
        order: "post",
        handler(userConfig) {
          zhHantClient = isZhHantClientBuild(userConfig);
          // Its Vite manifest would replace the zh-Hans one the server build reads; the file map is all it needs.
          if (zhHantClient) return { build: { manifest: false, copyPublicDir: false, emptyOutDir: false } };
        },
      },
      configResolved(resolved) {
        config = resolved;
      },
      async resolveId(source, importer, options) {
        if (!options.ssr || !importer?.endsWith(COPY)) return null;
        const resolved = await this.resolve(source, withoutQuery(importer), { ...options, skipSelf: true });
        if (!resolved || resolved.external || !copied(resolved.id)) return resolved;
        return { ...resolved, id: resolved.id + COPY };
      },
      load(id) {
        return id.endsWith(COPY) ? readFileSync(withoutQuery(id), "utf8") : null;
      },
    },
    {
      name: "ui-language-texts",
      apply: "build",
      transform(code, id, options) {
        if (options?.ssr && id === SERVER_BUILD) return { code: code + languagePartsCode(code), map: null };
        if (options?.ssr ? id.endsWith(COPY) : zhHantClient && withoutQuery(id).startsWith(appDir()) && /\.tsx?$/.test(withoutQuery(id))) {
          return translated.call(this, code, id);
        }
        return null;
      },
      async writeBundle(_options, bundle) {
        if (config.build.ssr) return;
        mkdirSync(partsDir(), { recursive: true });
        if (!zhHantClient) {
          writeFileSync(filesOf("zh-Hans"), JSON.stringify(chunkFiles(bundle)));
          return;
        }
        const zhHans: Record<string, string> = JSON.parse(readFileSync(filesOf("zh-Hans"), "utf8"));
        const zhHant = chunkFiles(bundle);
        const unmatched = Object.keys(zhHans).filter((modules) => !zhHant[modules]);
        if (unmatched.length > 0) this.error(`the zh-Hant client build split its chunks otherwise: ${unmatched.length} chunks have no counterpart`);
        const changed = Object.keys(zhHans).filter((modules) => zhHans[modules] !== zhHant[modules]);
        writeFileSync(filesOf("zh-Hant"), JSON.stringify(Object.fromEntries(changed.map((modules) => [zhHans[modules], zhHant[modules]]))));
      },
      async closeBundle() {
        if (config.build.ssr || zhHantClient) return;
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: "warn",
          build: { emptyOutDir: false },
          uiLanguage: "zh-Hant",
        });
      },
    },
  ];

  /** What the Remix server build adds: the zh-Hant copies of its route modules and the client files' map. */
  function languagePartsCode(code: string): string {
    const routeImports = [...code.matchAll(/^\s*import \* as (route\d+) from ("[^"]+");$/gm)];
    if (routeImports.length === 0) throw new Error("the Remix server build imports no route module: its form changed");
    const copies = routeImports.map(([, name, specifier]) => {
      const file = JSON.parse(specifier) as string;
      return { name, file, copy: copied(path.join(config.root, file)) };
    });
    const clientFiles = readFileSync(filesOf("zh-Hant"), "utf8");
    return `
${copies
  .filter(({ copy }) => copy)
  .map(({ name, file }) => `import * as ${name}$zhHant from ${JSON.stringify(file + COPY)};`)
  .join("\n")}
const zhHantModules$ = new Map([${copies.map(({ name, copy }) => `[${name}, ${copy ? `${name}$zhHant` : name}]`).join(", ")}]);
export const ${LANGUAGE_PARTS_EXPORT} = {
  "zh-Hant": {
    modulesByRoute: Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, zhHantModules$.get(route.module)])),
    clientFiles: ${clientFiles},
  },
};
`;
  }
}
