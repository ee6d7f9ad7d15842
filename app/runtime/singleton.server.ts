/**
 * One value per process under `name`. The host bundle (build/server.js) and the Remix server build each
 * carry their own copy of the app modules they import, so module-level state (breakers, the shared cache)
 * would otherwise exist twice, and the host's /readyz would see breakers the pages never use.
 */
export function singleton<T>(name: string, make: () => T): T {
  const registry = ((globalThis as { [REGISTRY]?: Map<string, unknown> })[REGISTRY] ??= new Map());
  if (!registry.has(name)) registry.set(name, make());
  return registry.get(name) as T;
}

const REGISTRY = Symbol.for("davmu-share.singletons");
