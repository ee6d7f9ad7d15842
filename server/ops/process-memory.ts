/** Given to build/cluster.js's workers and the bench's build/server.js alike; the reasons: docs/deploy.md, "Memory". */
export const HEAP_LIMIT_MB = 512;
export const HEAP_GROWING_PERCENT = 50;
export const SEMI_SPACE_MB = 2;
export const MALLOC_ARENAS = 1;
/** Bytes: a fixed threshold, so a freed page-sized Buffer goes back to the system instead of staying in malloc's heap. */
export const MALLOC_MMAP_THRESHOLD = 128 * 1024;

/** Unless the operator set it already; the growing factor only as a flag, since Node refuses it in NODE_OPTIONS. */
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

export function nativeMemoryEnv(environment: Record<string, string | undefined>): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: environment.MALLOC_ARENA_MAX ?? String(MALLOC_ARENAS),
    MALLOC_MMAP_THRESHOLD_: environment.MALLOC_MMAP_THRESHOLD_ ?? String(MALLOC_MMAP_THRESHOLD),
  };
}
