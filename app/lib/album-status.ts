export function albumStatusText(s: { status: number; total: number }): string {
  if (s.total === 0) return "更新中";
  if (s.status === 0) return `更新至${s.total}集`;
  return `已完结 共${s.total}集`;
}
