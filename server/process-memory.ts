/**
 * How every site process is started, for its memory (docs/deploy.md, "Memory"): build/cluster.js gives its workers
 * these, and the bench starts build/server.js with the same.
 *
 * - V8 lets the old generation grow by up to 4× what survives a collection when the heap limit is 2 GB or more (the
 *   default on a machine with a few GB of memory), 1.3× to 2× under it. With the default, a process under 50
 *   connections held 80 to 110 MB of old space for 35 MB of live objects; with 512 MB it holds about 35 MB. 512 MB
 *   is still several times what the process keeps alive with both caches full.
 * - glibc gives each thread that allocates its own malloc arena (the libuv pool threads, the sanitizing threads)
 *   and seldom returns their free pages: two arenas cut about 40 MB from the RSS after a logged-in load.
 */
export const HEAP_LIMIT_MB = 512;
export const MALLOC_ARENAS = 2;

/** Node's arguments with the heap limit added, unless the operator set one already (their NODE_OPTIONS or flags). */
export function withHeapLimit(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.startsWith("--max-old-space-size"));
  return given ? [...execArgv] : [...execArgv, `--max-old-space-size=${HEAP_LIMIT_MB}`];
}

/** The environment variables that bound a process's native memory, unless the environment sets them already. */
export function nativeMemoryEnv(environment: Record<string, string | undefined>): Record<string, string> {
  return { MALLOC_ARENA_MAX: environment.MALLOC_ARENA_MAX ?? String(MALLOC_ARENAS) };
}
