export const MAX_PAGES = 20;

export function pageCount(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGES) : 1;
}

export function pageNumber(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export async function collectPages<T>(
  count: number,
  fetchPage: (page: number) => Promise<{ list: T[]; total: number }>,
): Promise<{ list: T[]; total: number }> {
  const pages = await Promise.all(Array.from({ length: count }, (_, i) => fetchPage(i + 1)));
  return { list: pages.flatMap((p) => p.list), total: pages[0]?.total ?? 0 };
}
