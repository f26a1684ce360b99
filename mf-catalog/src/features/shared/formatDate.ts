// Dates as the viewer reads them: in their browser's languages (navigator.languages), medium
// style ("3 Nov 2026" in Britain, "Nov 3, 2026" in the US, "03.11.2026" in Germany), never a
// US-style 11/3/2026 for everyone.
export function formatDate(iso: string, locales: readonly string[] | undefined = typeof navigator === 'undefined' ? undefined : navigator.languages): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locales ? [...locales] : undefined, { dateStyle: 'medium' }).format(date);
}
