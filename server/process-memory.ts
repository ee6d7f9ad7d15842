/**
 * How every site process is started, for its memory: build/cluster.js gives its workers these, and the bench starts
 * build/server.js with the same. The reasons and their figures: docs/deploy.md, "Memory".
 *
 * - V8 lets the old generation grow by a factor of what survives a collection that is larger under a large heap
 *   limit; a limit still several times what the process keeps alive holds the factor down.
 * - The growing factor is set just above V8's own under that limit, so the old generation is collected often
 *   enough under load, at no cost in speed since logged-in pages are made from stored pages.
 * - glibc gives each thread that allocates its own malloc arena and seldom returns their free pages.
 */
export const HEAP_LIMIT_MB = 512;
export const HEAP_GROWING_PERCENT = 50;
export const MALLOC_ARENAS = 2;

/**
 * Node's arguments with the heap limit and growing factor added, each unless the operator set it already: the limit
 * as a flag or in NODE_OPTIONS, the factor as a flag (Node refuses it in NODE_OPTIONS).
 */
export function withHeapSettings(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = (flag: string, args: readonly string[]) => args.some((arg) => arg.startsWith(flag));
  return [
    ...execArgv,
    ...(given("--max-old-space-size", [...execArgv, ...nodeOptions.split(/\s+/)]) ? [] : [`--max-old-space-size=${HEAP_LIMIT_MB}`]),
    ...(given("--heap-growing-percent", execArgv) ? [] : [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]),
  ];
}

/** The environment variables that bound a process's native memory, unless the environment sets them already. */
export function nativeMemoryEnv(environment: Record<string, string | undefined>): Record<string, string> {
  return { MALLOC_ARENA_MAX: environment.MALLOC_ARENA_MAX ?? String(MALLOC_ARENAS) };
}
