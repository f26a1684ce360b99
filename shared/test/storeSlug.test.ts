import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as storeSlug from '../src/catalog/storeSlug.mjs';

describe("a store's address", () => {
  const samples = [
    'curve-studio',
    'abc',
    'a1-b2-c3',
    'x'.repeat(40),
    'ab',
    'x'.repeat(41),
    'Bad_Slug',
    'Curve-Studio',
    'a--b',
    '-abc',
    'abc-',
    'caf\u00e9',
    '',
  ];

  it('takes what the database takes (stores_slug_format), and nothing else', () => {
    const migration = readFileSync(new URL('../../supabase/migrations/20261122000200_catalog.sql', import.meta.url), 'utf8');
    const check = /constraint stores_slug_format check \(slug ~ '([^']+)' and char_length\(slug\) between (\d+) and (\d+)\)/.exec(migration);
    expect(check).not.toBeNull();
    const [, pattern, min, max] = check!;
    expect({ pattern: storeSlug.STORE_SLUG_RULE.pattern.source, min: storeSlug.STORE_SLUG_RULE.min, max: storeSlug.STORE_SLUG_RULE.max }).toEqual({
      pattern,
      min: Number(min),
      max: Number(max),
    });
    expect(samples.filter(storeSlug.isStoreSlug)).toEqual(['curve-studio', 'abc', 'a1-b2-c3', 'x'.repeat(40)]);
  });

  it('is the rule the account form checks a new address with', async () => {
    const { slugSchema } = await import('../src/account/schemas.ts');
    for (const slug of samples) expect([slug, slugSchema.safeParse(slug).success]).toEqual([slug, storeSlug.isStoreSlug(slug)]);
  });
});
