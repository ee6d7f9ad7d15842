/**
 * How every site process is started, for its memory (docs/deploy.md, "Memory"): build/cluster.js gives its workers
 * these, and the bench starts build/server.js with the same.
 *
 * - V8 lets the old generation grow by up to 4× what survives a collection when the heap limit is 2 GB or more (the
 *   default on a machine with a few GB of memory), 1.3× to 2× under it. With the default, a process under 50
 *   connections held 80 to 110 MB of old space for 35 MB of live objects; with 512 MB it holds about 35 MB. 512 MB
 *   is still several times what the process keeps alive with both caches full.
 * - Under 512 MB that factor is about 1.4. At 1.5× (`--heap-growing-percent=50`) the old generation is collected
 *   often enough under the soak's mix to stay under 250 MB (214 / 231 / 226 MB start / peak / end) with logged-in
 *   pages served as fast as at 2× within the noise (0.35× the static copy). 2× paid off while every logged-in
 *   page was a fresh render (about 13 % faster then); since they are made from stored pages it only cost 30 MB.
 * - glibc gives each thread that allocates its own malloc arena (the libuv pool threads, the sanitizing threads)
 *   and seldom returns their free pages: two arenas cut about 40 MB from the RSS after a logged-in load.
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
