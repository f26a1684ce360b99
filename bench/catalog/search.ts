// Search latency through the REST interface: POST /rest/v1/rpc/search_patterns with the
// anon key, exactly as the catalog page calls it (supabase-js rpc), for realistic queries:
// words, phrases, typos (the trigram fallback), filters, "fits me", sorts and a later page.
import type { Stack } from '../../backend/src/stack.ts';
import { stats, type Latency } from './catalogStack.ts';

export interface SearchQuery {
  name: string;
  args: Record<string, unknown>;
  /** A typo: no word matches, so the RPC answers from similar titles. */
  typo?: boolean;
}

// Every query the page can send has a page of 24 and a sort (urlState.ts toSearchArgs).
const page = { page_size: 24, page_offset: 0 };
export const SEARCH_QUERIES: SearchQuery[] = [
  { name: 'wrap dress', args: { q: 'wrap dress', sort: 'relevance', ...page } },
  { name: 'linen trousers', args: { q: 'linen trousers', sort: 'relevance', ...page } },
  { name: 'granny square cardigan', args: { q: 'granny square cardigan', sort: 'relevance', ...page } },
  { name: 'cabled sweater, best selling', args: { q: 'cabled sweater', sort: 'best_selling', ...page } },
  { name: 'quilt in quilting, beginner', args: { q: 'quilt', craft: 'quilting', difficulty_max: 2, sort: 'relevance', ...page } },
  { name: 'dress, free only', args: { q: 'dress', free_only: true, sort: 'relevance', ...page } },
  { name: 'dress fits hip 110 bust 96', args: { q: 'dress', hip: 110, bust: 96, sort: 'relevance', ...page } },
  { name: '"camp collar" -silk', args: { q: '"camp collar" -silk', sort: 'relevance', ...page } },
  {
    name: 'coat, A0, German, €6–20',
    args: { q: 'coat', format: 'a0', language: 'de', price_min_cents: 600, price_max_cents: 2000, sort: 'price_asc', ...page },
  },
  { name: 'cardigan page 3', args: { q: 'cardigan', sort: 'relevance', page_size: 24, page_offset: 48 } },
  { name: 'typo: jaket', args: { q: 'jaket', sort: 'relevance', ...page }, typo: true },
  { name: 'typo: cardigna', args: { q: 'cardigna', sort: 'relevance', ...page }, typo: true },
  { name: 'typo: wrap dres', args: { q: 'wrap dres', sort: 'relevance', ...page }, typo: true },
  { name: 'typo: amigurumi wale, crochet', args: { q: 'amigurumi wale', craft: 'crochet', sort: 'relevance', ...page }, typo: true },
  { name: 'browse: newest (the /patterns default)', args: { sort: 'newest', ...page } },
  { name: 'browse: sewing dresses, best selling', args: { craft: 'sewing', category: 'dress', sort: 'best_selling', ...page } },
];

export interface SearchResult {
  overall: Latency;
  words: Latency;
  typos: Latency;
  browse: Latency;
  perQuery: { name: string; rows: number; total: number; matchedBy: string | null; latency: Latency }[];
}

async function call(stack: Stack, args: Record<string, unknown>): Promise<{ ms: number; rows: { total_count: number; matched_by: string | null }[] }> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/rest/v1/rpc/search_patterns`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`search_patterns ${JSON.stringify(args)} → ${res.status} ${text.slice(0, 300)}`);
  return { ms, rows: JSON.parse(text) as { total_count: number; matched_by: string | null }[] };
}

/** Sequential requests (one visitor's latency, not throughput), after one warm-up pass. */
export async function benchSearch(stack: Stack, rounds: number): Promise<SearchResult> {
  const shapes = new Map<string, { rows: number; total: number; matchedBy: string | null }>();
  for (const query of SEARCH_QUERIES) {
    const { rows } = await call(stack, query.args);
    // a query that finds nothing would measure the wrong thing
    if (rows.length === 0) throw new Error(`"${query.name}" found no patterns: the generated catalog does not match the query list`);
    if (query.typo && rows[0]!.matched_by !== 'similar') throw new Error(`"${query.name}" matched words; it is meant to exercise the typo fallback`);
    shapes.set(query.name, { rows: rows.length, total: Number(rows[0]!.total_count), matchedBy: rows[0]!.matched_by });
  }
  const samples = new Map<string, number[]>(SEARCH_QUERIES.map((q) => [q.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const query of SEARCH_QUERIES) samples.get(query.name)!.push((await call(stack, query.args)).ms);
  }
  const pick = (filter: (q: SearchQuery) => boolean) => SEARCH_QUERIES.filter(filter).flatMap((q) => samples.get(q.name)!);
  return {
    overall: stats(pick(() => true)),
    words: stats(pick((q) => typeof q.args.q === 'string' && !q.typo)),
    typos: stats(pick((q) => !!q.typo)),
    browse: stats(pick((q) => q.args.q === undefined)),
    perQuery: SEARCH_QUERIES.map((q) => ({ name: q.name, ...shapes.get(q.name)!, latency: stats(samples.get(q.name)!) })),
  };
}
