/**
 * UI texts in zh-Hant with nothing added to zh-Hans pages (docs/decisions/0010-ui-texts.md). The components write
 * their texts in Simplified Chinese; the build makes their zh-Hant versions by putting each text's catalogue entry
 * (app/lib/ui-texts.zh-Hant.json) in its place in the compiled module (scripts/ui-text-literals.ts):
 *
 * - the client: once the zh-Hans client build is written, a second client build of the same modules with the zh-Hant
 *   texts into the same folder (files that do not differ come out with the same names), and a map from each zh-Hans
 *   file to its zh-Hant one, found by the modules each chunk holds;
 * - the server: in the one server build, a zh-Hant copy of each route module and of the app modules they reach, but
 *   only of modules the zh-Hans client build's module graph holds (a page can load them: never a server module) and
 *   never of one that makes a React context: what holds state, and what a render provides and reads, stays one module
 *   (docs/decisions/0007-one-module-graph.md, 0013-zh-hant-copies-from-the-module-graph.md). The Remix server build
 *   exports the copies and the file map as LANGUAGE_PARTS_EXPORT for the zh-Hant handler (server/remix/traditional-build.ts).
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
/** The module that pairs each route module the server build imports with its zh-Hant copy. */
const PARTS = "\0virtual:ui-language-parts";

type ModuleAst = NonNullable<Rollup.ModuleInfo["ast"]>;

/**
 * Whether a module makes a React context, which a render provides and reads across modules: such a module is never
 * copied. Read from the module as the bundler parsed it: it imports `createContext` from react.
 */
export const makesReactContext = (ast: ModuleAst) =>
  ast.body.some(
    (node) =>
      node.type === "ImportDeclaration" &&
      node.source.value === "react" &&
      node.specifiers.some((specifier) => specifier.type === "ImportSpecifier" && importedName(specifier.imported) === "createContext"),
  );

const importedName = (name: { type: "Identifier"; name: string } | { type: "Literal"; value?: unknown }) =>
  name.type === "Identifier" ? name.name : name.value;

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
  const copiesFile = () => path.join(partsDir(), "server-copies.json");
  const isAppSource = (id: string) => id.startsWith(appDir()) && /\.tsx?$/.test(id);
  /** The app modules of the zh-Hans client build that make a React context, as it parsed them. */
  const contextMakers = new Set<string>();
  let copies: Set<string> | null = null;

  /** Whether the server build gets a zh-Hant copy of module `id` (the zh-Hans client build decided: server-copies.json). */
  function copied(id: string): boolean {
    copies ??= new Set((JSON.parse(readFileSync(copiesFile(), "utf8")) as string[]).map((file) => path.join(config.root, file)));
    return copies.has(id);
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
        if (!options.ssr) return null;
        // The parts name resolved modules and their copies.
        if (source === PARTS || importer === PARTS) return source;
        if (!importer?.endsWith(COPY)) return null;
        const resolved = await this.resolve(source, withoutQuery(importer), { ...options, skipSelf: true });
        if (!resolved || resolved.external || !copied(resolved.id)) return resolved;
        return { ...resolved, id: resolved.id + COPY };
      },
      async load(id) {
        if (id === PARTS) return languagePartsModule.call(this);
        return id.endsWith(COPY) ? readFileSync(withoutQuery(id), "utf8") : null;
      },
    },
    {
      name: "ui-language-texts",
      apply: "build",
      transform(code, id, options) {
        if (options?.ssr && id === SERVER_BUILD) return { code: code + LANGUAGE_PARTS_CODE, map: null };
        if (options?.ssr ? id.endsWith(COPY) : zhHantClient && withoutQuery(id).startsWith(appDir()) && /\.tsx?$/.test(withoutQuery(id))) {
          return translated.call(this, code, id);
        }
        return null;
      },
      moduleParsed(info) {
        if (config.build.ssr || zhHantClient || !info.ast || !isAppSource(info.id) || !makesReactContext(info.ast)) return;
        // Kept one module for both languages, it would show its texts in Simplified Chinese on zh-Hant pages.
        if (textsOf(readFileSync(info.id, "utf8"), info.id).length > 0)
          this.error(`${info.id} makes a React context and has UI texts: move the texts to a module of their own`);
        contextMakers.add(info.id);
      },
      async writeBundle(_options, bundle) {
        if (config.build.ssr) return;
        mkdirSync(partsDir(), { recursive: true });
        if (!zhHantClient) {
          writeFileSync(filesOf("zh-Hans"), JSON.stringify(chunkFiles(bundle)));
          const pageModules = [...this.getModuleIds()].filter((id) => isAppSource(id) && !contextMakers.has(id));
          writeFileSync(copiesFile(), JSON.stringify(pageModules.map((id) => path.relative(config.root, id)).sort()));
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

  /** Each route module the server build imports paired with its zh-Hant copy, and the client files' map. */
  async function languagePartsModule(this: Rollup.PluginContext): Promise<string> {
    const server = await this.load({ id: SERVER_BUILD, resolveDependencies: true });
    const routes = server.importedIds.filter(copied);
    if (routes.length === 0)
      this.error("no module the Remix server build imports has a zh-Hant copy: the client build's modules are not the server's");
    return `
${routes.map((id, index) => `import * as route${index} from ${JSON.stringify(id)};\nimport * as route${index}$zhHant from ${JSON.stringify(id + COPY)};`).join("\n")}
export const zhHantModules = new Map([${routes.map((_, index) => `[route${index}, route${index}$zhHant]`).join(", ")}]);
export const clientFiles = ${readFileSync(filesOf("zh-Hant"), "utf8")};
`;
  }
}

/** What the Remix server build adds: the export the zh-Hant handler reads, by route id (ServerBuild's `routes`). */
const LANGUAGE_PARTS_CODE = `
import { zhHantModules as uiLanguage$modules, clientFiles as uiLanguage$clientFiles } from ${JSON.stringify(PARTS)};
export const ${LANGUAGE_PARTS_EXPORT} = {
  "zh-Hant": {
    modulesByRoute: Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, uiLanguage$modules.get(route.module) ?? route.module])),
    clientFiles: uiLanguage$clientFiles,
  },
};
`;
