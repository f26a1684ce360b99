// The generated patterns with their wholesale prices and release notes.
import type { DemoPattern, Format } from './catalog.ts';
import { json, type Queryable } from './db.ts';
import { daysBefore } from './prng.ts';

export async function insertPatterns(pool: Queryable, patterns: DemoPattern[]): Promise<void> {
  await pool.query(
    `insert into public.patterns (id, store_id, title, description, craft, category, difficulty, size_range, size_chart, yardage,
                                  formats, notions, languages, tags, licence, price_cents, currency, status, published_at, created_at)
     select id, store_id, title, description, craft, category, difficulty, size_range, size_chart, yardage,
            formats, notions, languages, tags, licence, price_cents, currency, status, published_at, created_at
       from jsonb_populate_recordset(null::public.patterns, $1::jsonb)
     on conflict (id) do nothing`,
    [json(patterns)],
  );
  const wholesale = patterns
    .filter((p) => p.wholesale_price_cents !== null)
    .map((p) => ({ pattern_id: p.id, store_id: p.store_id, price_cents: p.wholesale_price_cents, currency: p.currency }));
  await pool.query(
    `insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency)
     select pattern_id, store_id, price_cents, currency from jsonb_populate_recordset(null::public.pattern_wholesale_prices, $1::jsonb)
     on conflict do nothing`,
    [json(wholesale)],
  );
  const notes = patterns
    .filter((p) => p.status !== 'draft')
    .slice(0, 40)
    .map((p) => ({
      pattern_id: p.id,
      store_id: p.store_id,
      version: 1,
      created_at: p.published_at,
      changes: 'First release.',
    }));
  const second = secondVersions(patterns);
  const v2 = [...second.values()].map((n) => ({ pattern_id: n.pattern.id, store_id: n.pattern.store_id, version: 2, created_at: n.at, changes: n.changes }));
  await pool.query(
    `insert into public.pattern_versions (pattern_id, store_id, version, changes, created_at)
     select pattern_id, store_id, version, changes, created_at from jsonb_populate_recordset(null::public.pattern_versions, $1::jsonb)
     on conflict do nothing`,
    [json([...notes, ...v2])],
  );
  await pool.query(`update public.patterns p set current_version = 2 where p.id = any($1::uuid[]) and p.current_version = 1`, [v2.map((n) => n.pattern_id)]);
}

/** A pattern's second version: which file changed (its A0 file got a sheet more), when, and the note buyers read. */
export interface SecondVersion {
  pattern: DemoPattern;
  format: Format;
  at: string;
  changes: string;
}

/**
 * The demo patterns with a second version (every fourth of the first 40 released ones that have an
 * A0 file): the one list insertPatterns (version notes) and insertFiles (the changed file) read.
 */
export function secondVersions(patterns: DemoPattern[]): Map<string, SecondVersion> {
  const released = patterns.filter((p) => p.status !== 'draft').slice(0, 40);
  return new Map(
    released
      .filter((p, i) => i % 4 === 0 && p.formats.includes('a0'))
      .map((p) => [
        p.id,
        {
          pattern: p,
          format: 'a0' as const,
          at: daysBefore(2),
          changes: 'Added a third A0 sheet with the pieces laid out by size, and corrected the notch on the back piece.',
        },
      ]),
  );
}
