import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../api/library.ts';
import { libraryView } from './libraryView.ts';

const entry = (title: string, storeName: string, grantedAt: string, updated = false): LibraryEntry => ({
  patternId: title,
  title,
  coverPath: null,
  formats: [],
  status: 'published',
  currentVersion: 1,
  storeName,
  storeSlug: 's',
  source: 'purchase',
  grantedAt,
  lastDownloadedAt: null,
  updated,
  latestChanges: null,
});

const library = [
  entry('Linen Wrap Dress', 'Blue Thimble', '2026-01-02T00:00:00Z'),
  entry('Market Tote', 'Atelier Émile', '2026-03-01T00:00:00Z', true),
  entry('Café Apron', 'Blue Thimble', '2026-02-01T00:00:00Z'),
];
const titles = (list: LibraryEntry[]) => list.map((e) => e.title);

describe('library search and sort', () => {
  it('finds by title or designer, every word, ignoring case and accents', () => {
    expect(titles(libraryView(library, 'cafe', 'title'))).toEqual(['Café Apron']);
    expect(titles(libraryView(library, 'emile', 'title'))).toEqual(['Market Tote']);
    expect(titles(libraryView(library, 'blue dress', 'title'))).toEqual(['Linen Wrap Dress']);
    expect(titles(libraryView(library, '  ', 'title'))).toHaveLength(3);
    expect(libraryView(library, 'quilt', 'title')).toEqual([]);
  });

  it('sorts by date added, title, designer or new versions', () => {
    expect(titles(libraryView(library, '', 'recent'))).toEqual(['Market Tote', 'Café Apron', 'Linen Wrap Dress']);
    expect(titles(libraryView(library, '', 'title'))).toEqual(['Café Apron', 'Linen Wrap Dress', 'Market Tote']);
    expect(titles(libraryView(library, '', 'designer'))).toEqual(['Market Tote', 'Café Apron', 'Linen Wrap Dress']);
    expect(titles(libraryView(library, '', 'updated'))[0]).toBe('Market Tote');
  });
});
