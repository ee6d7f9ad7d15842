/** Keys by name (a page's tag, an answer's group), so that a write finds what it names without a scan. */
export function createKeyIndex() {
  const keysByName = new Map<string, Set<string>>();
  return {
    add(name: string, key: string): void {
      let keys = keysByName.get(name);
      if (!keys) keysByName.set(name, (keys = new Set()));
      keys.add(key);
    },
    remove(name: string, key: string): void {
      const keys = keysByName.get(name);
      keys?.delete(key);
      if (keys?.size === 0) keysByName.delete(name);
    },
    /** A copy, so the caller may delete from the cache as it goes. */
    keysOf(name: string): string[] {
      return [...(keysByName.get(name) ?? [])];
    },
  };
}
