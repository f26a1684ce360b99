// EXPLAIN ANALYZE of what search_patterns runs for /patterns with no filters (sort newest):
// the RPC is plpgsql with dynamic SQL, so its inner statements are restated here to see the
// plans: the original page query with `count(*) over ()` (20261122000500_rpc.sql) and,
// the page alone + a bounded count (the shape search_patterns uses since the bounded-count fix).
import type pg from 'pg';

export interface QueryPlan {
  executionMs: number;
  planningMs: number;
  /** Top plan nodes, e.g. "Limit ← WindowAgg ← Sort ← Hash Join ← Seq Scan on patterns". */
  summary: string;
  text: string[];
}

export const BROWSE_WINDOW_COUNT_SQL = `
  select p.id, p.store_id, s.slug, s.name, p.title, p.craft, p.category, p.difficulty, p.size_range,
         p.price_cents, p.currency, p.languages, p.formats, p.cover_path, p.published_at, p.sales_count,
         null::real as rank, null::text, count(*) over ()
    from public.patterns p join public.stores s on s.id = p.store_id
   where p.status = 'published'
   order by p.published_at desc, p.id
   limit 24 offset 0`;

export const BROWSE_PAGE_SQL = BROWSE_WINDOW_COUNT_SQL.replace('count(*) over ()', '0::bigint');
export const BROWSE_BOUNDED_COUNT_SQL = `select count(*) from (select 1 from public.patterns p where p.status = 'published' limit 1001) c`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function chain(node: PlanNode): string[] {
  const name = node['Node Type'] + (node['Relation Name'] ? ` on ${node['Relation Name']}` : '') + (node['Index Name'] ? ` using ${node['Index Name']}` : '');
  const children = node.Plans ?? [];
  return [name, ...(children.length ? children.map((c) => chain(c).join(' ← ')) : [])];
}

export async function explainBrowse(pool: pg.Pool, sql: string): Promise<QueryPlan> {
  await pool.query(sql); // warm
  const json = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }] }>(
    `explain (analyze, format json) ${sql}`,
  );
  const text = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing on) ${sql}`);
  const root = json.rows[0]!['QUERY PLAN'][0];
  return {
    executionMs: Math.round(root['Execution Time'] * 10) / 10,
    planningMs: Math.round(root['Planning Time'] * 10) / 10,
    summary: chain(root.Plan).join(' ← '),
    text: text.rows.map((r) => r['QUERY PLAN']),
  };
}
