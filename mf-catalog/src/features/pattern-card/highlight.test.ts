import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';
import { publicImageUrl } from '../shared/images.ts';

describe('highlightParts', () => {
  it('marks each searched word, any case', () => {
    expect(highlightParts('Linen Wrap Dress', 'wrap dress')).toEqual([
      { text: 'Linen ', match: false },
      { text: 'Wrap', match: true },
      { text: ' ', match: false },
      { text: 'Dress', match: true },
    ]);
  });
  it('leaves text alone for empty, one-letter or symbol-only queries, and treats symbols as text', () => {
    expect(highlightParts('Tote (large)', '')).toEqual([{ text: 'Tote (large)', match: false }]);
    expect(highlightParts('Tote (large)', 'a ( *')).toEqual([{ text: 'Tote (large)', match: false }]);
    expect(
      highlightParts('A+ Tote', 'a+ tote')
        .filter((p) => p.match)
        .map((p) => p.text),
    ).toEqual(['Tote']);
  });
});

describe('publicImageUrl', () => {
  it('builds public object URLs with each path segment encoded', () => {
    expect(publicImageUrl('s1/p 1/cover#1.png', 'pattern-images', 'http://127.0.0.1:5000/')).toBe(
      'http://127.0.0.1:5000/storage/v1/object/public/pattern-images/s1/p%201/cover%231.png',
    );
    expect(publicImageUrl('s1/logo.png', 'store-assets', 'http://h')).toBe('http://h/storage/v1/object/public/store-assets/s1/logo.png');
  });
});
