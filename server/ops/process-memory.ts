/**
 * How every site process is started, for its memory: build/cluster.js gives its workers these, and the bench starts
 * build/server.js with the same. The reasons and their figures: docs/deploy.md, "Memory".
 *
 * - V8 lets the old generation grow by a factor of what survives a collection that is larger under a large heap
 *   limit; a limit still several times what the process keeps alive holds the factor down.
 * - The growing factor is set just above V8's own under that limit, so the old generation is collected often
 *   enough under load, at no cost in speed since logged-in pages are made from stored pages.
 * - The young generation's two halves at 8 MB each rather than V8's 16: a request's garbage still dies young, and the
 *   process holds 16 MB less.
 * - glibc gives each thread that allocates its own malloc arena and seldom returns their free pages.
 */
export const HEAP_LIMIT_MB = 512;
export const HEAP_GROWING_PERCENT = 50;
export const SEMI_SPACE_MB = 8;
export const MALLOC_ARENAS = 2;

/**
 * Node's arguments with the heap limit, young generation and growing factor added, each unless the operator set it
 * already: the limit and the young generation as a flag or in NODE_OPTIONS, the factor as a flag (Node refuses it in
 * NODE_OPTIONS).
 */
export function withHeapSettings(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = (flag: string, args: readonly string[]) => args.some((arg) => arg.startsWith(flag));
  const flagsAndOptions = [...execArgv, ...nodeOptions.split(/\s+/)];
  return [
    ...execArgv,
    ...(given("--max-old-space-size", flagsAndOptions) ? [] : [`--max-old-space-size=${HEAP_LIMIT_MB}`]),
    ...(given("--max-semi-space-size", flagsAndOptions) ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
    ...(given("--heap-growing-percent", execArgv) ? [] : [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]),
  ];
}

/** The environment variables that bound a process's native memory, unless the environment sets them already. */
export function nativeMemoryEnv(environment: Record<string, string | undefined>): Record<string, string> {
  return { MALLOC_ARENA_MAX: environment.MALLOC_ARENA_MAX ?? String(MALLOC_ARENAS) };
}
