import { useEffect, useState } from "react";
import { addRecentSearch, parseRecentSearches } from "~/lib/recent-searches";

const STORAGE_KEY = "davmu:recent-searches";

function read(): string[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage can be unavailable (private modes, some webviews).
    return [];
  }
}

function write(list: string[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // As in read(): no history then.
  }
}

/** Empty on the server and before hydration: the history is an enhancement for pages running JavaScript. */
export function useRecentSearches(keyword: string) {
  const [list, setList] = useState<string[]>([]);
  useEffect(() => {
    const next = keyword ? addRecentSearch(read(), keyword) : read();
    if (keyword) write(next);
    setList(next);
  }, [keyword]);
  function clear() {
    write([]);
    setList([]);
  }
  return { list, clear };
}
