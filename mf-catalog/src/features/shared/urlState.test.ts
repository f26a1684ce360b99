import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUERY,
  activeFilterCount,
  clearFilters,
  effectiveSort,
  pageCount,
  pagesToOffer,
  parseCatalogQuery,
  serializeCatalogQuery,
  toSearchArgs,
  withChanges,
} from './urlState.ts';

const parse = (qs: string) => parseCatalogQuery(new URLSearchParams(qs));

describe('catalog URL state', () => {
  it('reads an empty URL as the plain catalog, newest first', () => {
    expect(parse('')).toEqual(EMPTY_QUERY);
    expect(serializeCatalogQuery(EMPTY_QUERY)).toBe('');
    expect(effectiveSort(EMPTY_QUERY)).toBe('newest');
  });

  it('round-trips every filter in a stable order', () => {
    const qs = 'q=wrap+dress&craft=sewing&category=dress&dmin=2&dmax=3&format=a0&lang=de&pmin=5&pmax=12.50&bust=92&waist=74.5&hip=101&sort=price_asc&page=3';
    const query = parse(qs);
    expect(query).toMatchObject({
      q: 'wrap dress',
      craft: 'sewing',
      category: 'dress',
      difficultyMin: 2,
      difficultyMax: 3,
      format: 'a0',
      language: 'de',
      priceMinCents: 500,
      priceMaxCents: 1250,
      fit: { bust: 92, waist: 74.5, hip: 101 },
      sort: 'price_asc',
      page: 3,
    });
    expect(serializeCatalogQuery(query)).toBe(qs);
    expect(parse(serializeCatalogQuery(query))).toEqual(query);
  });

  it('drops values it cannot read instead of failing', () => {
    const query = parse('craft=pottery&format=a3&dmax=9&pmin=abc&bust=5&hip=3000&sort=cheapest&page=-2&lang=english&category=Drop%20table');
    expect(query).toEqual(EMPTY_QUERY);
  });

  it('swaps reversed ranges', () => {
    expect(parse('dmin=4&dmax=2')).toMatchObject({ difficultyMin: 2, difficultyMax: 4 });
    expect(parse('pmin=20&pmax=5')).toMatchObject({ priceMinCents: 500, priceMaxCents: 2000 });
  });

  it('free only overrides the price range', () => {
    const query = parse('free=1&pmin=5');
    expect(serializeCatalogQuery(query)).toBe('free=1');
    expect(toSearchArgs(query)).toMatchObject({ free_only: true, price_min_cents: null });
  });

  it('sorts by relevance when searching, and never by relevance without words', () => {
    expect(effectiveSort(parse('q=tote'))).toBe('relevance');
    expect(effectiveSort(parse('sort=relevance'))).toBe('newest');
    expect(effectiveSort(parse('q=tote&sort=newest'))).toBe('newest');
  });

  it('goes back to page 1 when the view changes, not when paging', () => {
    const onPage3 = parse('craft=sewing&page=3');
    expect(withChanges(onPage3, { craft: 'quilting' }).page).toBe(1);
    expect(withChanges(onPage3, { page: 4 }).page).toBe(4);
  });

  it('counts and clears filters but keeps the search words and sort', () => {
    const query = parse('q=bag&craft=bags&free=1&hip=100&sort=newest');
    expect(activeFilterCount(query)).toBe(3);
    const cleared = clearFilters(query);
    expect(serializeCatalogQuery(cleared)).toBe('q=bag&sort=newest');
  });

  it('builds the RPC arguments with paging', () => {
    expect(toSearchArgs(parse('hip=101&page=2'))).toMatchObject({ hip: 101, bust: null, page_size: 24, page_offset: 24, sort: 'newest', q: null });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(49)).toBe(3);
  });

  it('with an estimated total, offers the next page after a full one and ends on a short one', () => {
    expect(pagesToOffer(101, true, 5, 24)).toBe(6);
    expect(pagesToOffer(3000, true, 2, 24)).toBe(125);
    expect(pagesToOffer(3000, true, 13, 5)).toBe(13);
    expect(pagesToOffer(48, false, 2, 24)).toBe(2);
    expect(pagesToOffer(50, false, 1, 24)).toBe(3);
  });
});
