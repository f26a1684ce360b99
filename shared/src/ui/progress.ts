/**
 * Whole percent done for a progress bar, clamped to 0–100. Unknown totals
 * (0, negative, NaN) give null so the bar can show as indeterminate instead of
 * claiming 0 % or dividing by zero.
 */
export function progressPercent(value: number, max: number): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((value / max) * 100)));
}

/** "3.2 MB of 12.5 MB": byte counts for upload and download progress. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? size.toFixed(0) : size.toFixed(1)} ${units[unit]}`;
}
