import { data, type ServerBuild } from "@remix-run/node";
import { dataWithInitParts } from "../app/framework/remix-internals";
import { basePathOf } from "../app/lib/languages";
import { traditionalAnswer } from "./traditional-chinese";

type Build = ServerBuild | (() => Promise<ServerBuild>);
type Handler = (args: never) => unknown;

/**
 * The server build that answers the zh-Hant addresses (docs/decisions/0008-languages-by-basename.md): the same routes
 * under the zh-Hant base path, so the router matches the prefixed URL, every <Link>, <Form> and redirect keeps the
 * prefix, and the browser's router gets the zh-Hant basename with the page. Each loader's and action's answer is put
 * in Traditional Chinese here, the one place content is converted; the page cache then stores the converted page.
 */
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
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module;
      const module = { ...route.module, loader: loader && converted(loader), action: action && converted(action) };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, basename: basePathOf("zh-Hant"), routes };
}

function converted<F extends Handler>(handler: F): F {
  return (async (args: never) => answerInTraditional(await handler(args))) as F;
}

/** A loader's or action's answer in Traditional Chinese: plain data, `data(…)`, or a JSON response. Redirects and other bodies as they are. */
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
