import { describe, expect, it } from 'vitest';
import '../src/messages.ts';
import { featuredOrder, toFeaturedPattern, toFeaturedPatterns } from '../src/api/featuredModel.ts';
import { statusText } from '../src/features/featured/FeaturedPatterns.tsx';

const row = {
  id: '5f1c2b9e-1111-4222-8333-444455556666',
  title: ' Wrap dress ',
  craft: 'sewing',
  difficulty: 3,
  size_range: 'XS–4XL',
  price_cents: 1200,
  currency: 'EUR',
  cover_path: 'store/pattern/cover.webp',
  published_at: '2026-11-01T10:00:00Z',
  sales_count: 12,
  store: { name: 'Blue Thimble', slug: 'blue-thimble' },
};

describe('toFeaturedPattern', () => {
  it('maps a REST row to a card', () => {
    expect(toFeaturedPattern(row)).toEqual({
      id: row.id,
      title: 'Wrap dress',
      craft: 'sewing',
      difficulty: 3,
      sizeRange: 'XS–4XL',
      priceCents: 1200,
      currency: 'EUR',
      coverPath: 'store/pattern/cover.webp',
      storeName: 'Blue Thimble',
      storeSlug: 'blue-thimble',
    });
  });

  it('accepts the store embedded as an array and a missing cover', () => {
    const card = toFeaturedPattern({ ...row, cover_path: null, store: [row.store] });
    expect(card?.storeSlug).toBe('blue-thimble');
    expect(card?.coverPath).toBeNull();
  });

  it('leaves out rows it cannot link or price', () => {
    expect(toFeaturedPattern({ ...row, id: 7 })).toBeNull();
    expect(toFeaturedPattern({ ...row, title: '  ' })).toBeNull();
    expect(toFeaturedPattern({ ...row, store: null })).toBeNull();
    expect(toFeaturedPattern({ ...row, price_cents: 12.5 })).toBeNull();
    expect(toFeaturedPattern('nonsense')).toBeNull();
    expect(toFeaturedPatterns([row, { ...row, store: undefined }, null])).toHaveLength(1);
    expect(toFeaturedPatterns(null)).toEqual([]);
  });
});

describe('display helpers', () => {
  it('orders best-sellers by sales, then newest', () => {
    expect(featuredOrder('best-selling').map((o) => o.column)).toEqual(['sales_count', 'published_at']);
    expect(featuredOrder('newest')).toEqual([{ column: 'published_at', ascending: false }]);
  });
});

describe('featured status line', () => {
  it('summarises instead of reading out the grid', () => {
    expect(statusText({ status: 'loading' })).toBe('Loading featured patterns…');
    expect(statusText({ status: 'ready', patterns: [] })).toBe('No patterns are published yet.');
    const one = toFeaturedPattern(row)!;
    expect(statusText({ status: 'ready', patterns: [one] })).toBe('1 featured pattern shown.');
    expect(statusText({ status: 'ready', patterns: [one, one] })).toBe('2 featured patterns shown.');
    expect(statusText({ status: 'error', message: 'x' })).toBe('');
  });
});
