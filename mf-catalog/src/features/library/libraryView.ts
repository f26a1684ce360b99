// Search and sort of the person's library, in the browser: a library is at most a few hundred
// patterns, all loaded at once by my_library().
import type { LibraryEntry } from '../../api/library.ts';

export const LIBRARY_SORTS = ['recent', 'title', 'designer', 'updated'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** Message ids of the sort choices: `i18n._(LIBRARY_SORT_LABELS[sort])`. */
export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = {
  recent: /*i18n*/ 'catalog.mine.sort.recent',
  title: /*i18n*/ 'catalog.mine.sort.title',
  designer: /*i18n*/ 'catalog.mine.sort.designer',
  updated: /*i18n*/ 'catalog.mine.sort.updated',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** Entries whose title or designer contains every word of `search` (accents and case ignored), in `sort` order. */
export function libraryView(entries: readonly LibraryEntry[], search: string, sort: LibrarySort): LibraryEntry[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const found = entries.filter((entry) => {
    const text = fold(`${entry.title} ${entry.storeName}`);
    return words.every((word) => text.includes(word));
  });
  const byTitle = (a: LibraryEntry, b: LibraryEntry) => a.title.localeCompare(b.title);
  const compare: Record<LibrarySort, (a: LibraryEntry, b: LibraryEntry) => number> = {
    recent: (a, b) => b.grantedAt.localeCompare(a.grantedAt) || byTitle(a, b),
    title: byTitle,
    designer: (a, b) => a.storeName.localeCompare(b.storeName) || byTitle(a, b),
    updated: (a, b) => Number(b.updated) - Number(a.updated) || b.grantedAt.localeCompare(a.grantedAt),
  };
  return [...found].sort(compare[sort]);
}
