// Dates on the catalog's screens in the viewer's own convention (navigator.languages): "3 Nov
// 2026" in Britain, "Nov 3, 2026" in the US, "3. Nov. 2026" in Germany — never a US-style date
// for everyone. The format itself is the platform's one rule (shared/src/money.ts formatDay).
import { formatDay } from '@stitchhouse/shared/money.ts';

export function formatDate(iso: string, locales: readonly string[] | undefined = typeof navigator === 'undefined' ? undefined : navigator.languages): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return formatDay(iso, locales && locales.length > 0 ? locales : 'en-GB');
}
