// Dates on the catalog's screens in the viewer's convention: in English their own
// (navigator.languages: "3 Nov 2026" in Britain, "Nov 3, 2026" in the US), in another language
// the page's ("3. Nov. 2026" in German) — never a US-style date for everyone. The format itself is
// the platform's one rule (shared/src/money.ts formatDay).
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';

function viewerLocales(): readonly string[] | undefined {
  if (i18n.locale && i18n.locale !== 'en') return [i18n.locale];
  return typeof navigator === 'undefined' ? undefined : navigator.languages;
}

export function formatDate(iso: string, locales: readonly string[] | undefined = viewerLocales()): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return formatDay(iso, locales && locales.length > 0 ? locales : 'en-GB');
}
