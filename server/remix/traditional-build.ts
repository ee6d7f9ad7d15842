import { createHash } from "node:crypto";
import { data, type ServerBuild } from "@remix-run/node";
import { dataWithInitParts } from "../../app/framework/remix-internals";
import { basePathOf } from "../../app/lib/languages";
import { LANGUAGE_PARTS_EXPORT, type BuildWithLanguageParts, type LanguageParts } from "./language-parts";
import { traditionalAnswer } from "../../app/runtime/traditional-chinese.server";

type Build = ServerBuild | (() => Promise<ServerBuild>);
type Handler = (args: never) => unknown;

// Under the zh-Hant base path, so links, forms and redirects keep the prefix (docs/decisions/0008-languages-by-basename.md);
// the one place content is converted.
export function traditionalBuild(build: Build): Build {
  if (typeof build !== "function") return traditionalOf(build);
  // In development Vite hands a new build after a change: each is wrapped once.
  const wrapped = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const current = await build();
    let traditional = wrapped.get(current);
    if (!traditional) wrapped.set(current, (traditional = traditionalOf(current)));
    return traditional;
  };
}

function traditionalOf(build: ServerBuild): ServerBuild {
  const parts = (build as BuildWithLanguageParts)[LANGUAGE_PARTS_EXPORT]?.["zh-Hant"];
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const own = parts?.modulesByRoute[id] ?? route.module;
      const module = { ...own, loader: own.loader && converted(own.loader), action: own.action && converted(own.action) };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, basename: basePathOf("zh-Hant"), routes, assets: parts ? assetsWith(build.assets, parts.clientFiles) : build.assets };
}

/** A version of its own: a deployment that changed only zh-Hant files must be told apart. */
export function assetsWith(assets: ServerBuild["assets"], files: LanguageParts["clientFiles"]): ServerBuild["assets"] {
  const file = (url: string) => files[url] ?? url;
  const scripts = <T extends { module: string; imports?: string[] }>(entry: T): T => ({
    ...entry,
    module: file(entry.module),
    imports: entry.imports?.map(file),
  });
  const entry = scripts(assets.entry);
  const routes = Object.fromEntries(Object.entries(assets.routes).map(([id, route]) => [id, scripts(route)]));
  const version = createHash("sha256").update(JSON.stringify({ entry, routes })).digest("hex").slice(0, 8);
  return { ...assets, entry, routes, version };
}

function converted<F extends Handler>(handler: F): F {
  return (async (args: never) => answerInTraditional(await handler(args))) as F;
}

export async function answerInTraditional(answer: unknown): Promise<unknown> {
  if (answer instanceof Response) {
    if (!answer.headers.get("content-type")?.includes("application/json")) return answer;
    const headers = new Headers(answer.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(traditionalAnswer(await answer.json())), { status: answer.status, statusText: answer.statusText, headers });
  }
  const withInit = dataWithInitParts(answer);
  if (withInit) return data(traditionalAnswer(withInit.data), withInit.init ?? undefined);
  return traditionalAnswer(answer);
}
