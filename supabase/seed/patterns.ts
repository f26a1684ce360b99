// The generated patterns with their wholesale prices and release notes.
import type { DemoPattern } from './catalog.ts';
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
  const wholesale = patterns.filter((p) => p.wholesale_price_cents !== null)
    .map((p) => ({ pattern_id: p.id, store_id: p.store_id, price_cents: p.wholesale_price_cents, currency: p.currency }));
  await pool.query(
    `insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency)
     select pattern_id, store_id, price_cents, currency from jsonb_populate_recordset(null::public.pattern_wholesale_prices, $1::jsonb)
     on conflict do nothing`,
    [json(wholesale)],
  );
  const notes = patterns.filter((p) => p.status !== 'draft').slice(0, 40).map((p, i) => ({
    pattern_id: p.id, store_id: p.store_id, version: 1, created_at: p.published_at,
    changes: 'First release.',
    extra: i % 4 === 0,
  }));
  const v2 = notes.filter((n) => n.extra).map((n) => ({
    ...n, version: 2, created_at: daysBefore(2),
    changes: 'Corrected the notch on the back piece for sizes 2XL–4XL and added a layered A0 sheet.',
  }));
  await pool.query(
    `insert into public.pattern_versions (pattern_id, store_id, version, changes, created_at)
     select pattern_id, store_id, version, changes, created_at from jsonb_populate_recordset(null::public.pattern_versions, $1::jsonb)
     on conflict do nothing`,
    [json([...notes, ...v2])],
  );
  await pool.query(
    `update public.patterns p set current_version = 2 where p.id = any($1::uuid[]) and p.current_version = 1`,
    [v2.map((n) => n.pattern_id)],
  );
}
