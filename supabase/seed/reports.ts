// Demo pattern views for the reports (20261123004500_reports.sql): each published pattern gets
// views on each day of the demo year up to the anchor (the first start), more for patterns that sell more, so
// "Pattern performance" has views and a conversion to show. Deterministic and idempotent.
import type { Queryable } from './db.ts';
import { daysBefore } from './prng.ts';

export async function insertPatternViews(pool: Queryable): Promise<number> {
  const result = await pool.query(
    `insert into public.pattern_views (pattern_id, day, views)
     select p.id, d::date, 1 + abs(hashtext(p.id::text || d::date::text)) % (6 + least(p.sales_count, 60))
       from public.patterns p,
            generate_series($1::date - 364, $1::date, interval '1 day') d
      where p.status = 'published' and d::date >= p.published_at::date
     on conflict (pattern_id, day) do nothing`,
    [daysBefore(0).slice(0, 10)],
  );
  return result.rowCount ?? 0;
}
