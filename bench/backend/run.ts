// Backend benchmark: cold and warm start of the stack, then with 100,000 generated patterns
// the p50/p95 latency of catalog listing (with filters) and of ranked full-text search
// through the REST interface, and requests per second of listing. Runs on PGlite, and on a
// real PostgreSQL when its server binaries are installed. Prints a table and writes
// bench/results/backend.json.
//   NODE_OPTIONS=--experimental-websocket npx tsx bench/backend/run.ts [--patterns 100000] [--only pglite|postgres]
// With --only, the other backend's figures already in backend.json are kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, startThrowawayPostgres } from '../../backend/src/db/throwaway-postgres.ts';
import { startStack, type Stack } from '../../backend/src/stack.ts';
import { generateCatalog } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, '..', 'results', 'backend.json');
const arg = (name: string) => process.argv.find((a, i) => process.argv[i - 1] === `--${name}`);
const PATTERNS = Number(arg('patterns') ?? 100_000);
const REQUESTS = Number(arg('requests') ?? 200);
const RPS_SECONDS = Number(arg('rps-seconds') ?? 10);
const ONLY = arg('only') as 'pglite' | 'postgres' | undefined;
if (ONLY && ONLY !== 'pglite' && ONLY !== 'postgres') throw new Error('--only takes pglite or postgres');
const CONCURRENCY = 8;
const GOALS = { pglite: 50, postgres: 15 } as const;

const quiet = { info: () => undefined, error: (s: string, m: string, e?: unknown) => console.error(`[${s}] ${m}`, e ?? '') };
const log = (msg: string) => console.log(msg);

// What the catalog page asks for: cards with store, filters from the URL, a sort, a page.
const CARD = 'select=id,title,price_cents,currency,cover_path,difficulty,size_range,stores(slug,name)';
const listings = [
  `patterns?${CARD}&status=eq.published&order=published_at.desc&limit=24`,
  `patterns?${CARD}&status=eq.published&craft=eq.sewing&category=eq.dress&order=published_at.desc&limit=24`,
  `patterns?${CARD}&status=eq.published&craft=eq.knitting&difficulty=lte.2&order=price_cents.asc&limit=24`,
  `patterns?${CARD}&status=eq.published&price_cents=eq.0&order=sales_count.desc&limit=24`,
  `patterns?${CARD}&status=eq.published&languages=cs.{de}&formats=cs.{a0}&order=published_at.desc&limit=24`,
  `patterns?${CARD}&status=eq.published&hip_min_cm=lte.122&hip_max_cm=gte.118&order=sales_count.desc&limit=24`,
  `patterns?${CARD}&status=eq.published&craft=eq.quilting&order=published_at.desc&limit=24&offset=240`,
  `patterns?${CARD}&status=eq.published&price_cents=gte.800&price_cents=lte.1200&order=price_cents.desc&limit=24`,
];
const searches: Record<string, unknown>[] = [
  { q: 'wrap dress' },
  { q: 'linen trousers' },
  { q: 'granny square cardigan' },
  { q: 'cabled sweater', sort: 'best_selling' },
  { q: 'quilt', craft: 'quilting' },
  { q: 'tote', free_only: true },
  { q: 'chore jacket', hip: 110 },
  { q: 'weekend coat' },
  { q: 'kids dungarees' },
  { q: '"camp collar" -silk' },
  { q: 'jaket' },
  { q: 'cardigan', sort: 'price_asc', page_size: 24, page_offset: 24 },
];

interface Latency {
  p50: number;
  p95: number;
  mean: number;
  n: number;
}
interface BackendResult {
  backend: 'pglite' | 'postgres';
  coldStartMs: number;
  warmStartMs: number;
  generateMs: number;
  listing: Latency;
  search: Latency;
  listingRps: number;
  searchP95GoalMs: number;
  searchP95MeetsGoal: boolean;
}

function stats(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), mean: round(s.reduce((a, b) => a + b, 0) / s.length), n: s.length };
}

async function timed(stack: Stack, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`${method} ${pathAndQuery} → ${res.status} ${text.slice(0, 300)}`);
  if ((JSON.parse(text) as unknown[]).length === 0 && !pathAndQuery.includes('offset') && !JSON.stringify(body ?? {}).includes('page_offset'))
    throw new Error(`${pathAndQuery} ${JSON.stringify(body)} returned no rows`);
  return elapsed;
}

async function measure(stack: Stack): Promise<{ listing: Latency; search: Latency; listingRps: number }> {
  // warm-up: plans, caches, connections
  for (const l of listings) await timed(stack, 'GET', l);
  for (const s of searches) await timed(stack, 'POST', 'rpc/search_patterns', s);
  const listing: number[] = [];
  const search: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    listing.push(await timed(stack, 'GET', listings[i % listings.length]!));
    search.push(await timed(stack, 'POST', 'rpc/search_patterns', searches[i % searches.length]));
  }
  let done = 0;
  const until = performance.now() + RPS_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      for (let i = lane; performance.now() < until; i += CONCURRENCY) {
        await timed(stack, 'GET', listings[i % listings.length]!);
        done++;
      }
    }),
  );
  const listingRps = Math.round((done / ((performance.now() - started) / 1000)) * 10) / 10;
  return { listing: stats(listing), search: stats(search), listingRps };
}

async function bench(backend: 'pglite' | 'postgres', databaseUrl?: string): Promise<BackendResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stitchhouse-bench-${backend}-`));
  const start = () => startStack({ dataDir, databaseUrl, port: 0, dbPort: 0, restPort: 0, seed: false, log: quiet, apiExternalUrl: 'http://127.0.0.1:{port}' });
  try {
    log(`\n${backend}: cold start (empty data folder: ${backend === 'pglite' ? 'initdb, ' : ''}bootstrap, migrations, PostgREST, gateway)…`);
    let t = performance.now();
    let stack = await start();
    const coldStartMs = Math.round(performance.now() - t);
    log(`  ${coldStartMs} ms; generating ${PATTERNS.toLocaleString('en')} patterns…`);
    t = performance.now();
    await generateCatalog(stack.pool, PATTERNS, log);
    const generateMs = Math.round(performance.now() - t);
    await stack.stop();
    log('  warm start (existing data)…');
    t = performance.now();
    stack = await start();
    const warmStartMs = Math.round(performance.now() - t);
    try {
      log(`  ${warmStartMs} ms; measuring ${REQUESTS} listings and ${REQUESTS} searches, then ${RPS_SECONDS} s of listings at concurrency ${CONCURRENCY}…`);
      const m = await measure(stack);
      return { backend, coldStartMs, warmStartMs, generateMs, ...m, searchP95GoalMs: GOALS[backend], searchP95MeetsGoal: m.search.p95 < GOALS[backend] };
    } finally {
      await stack.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: BackendResult[] = [];
if (ONLY !== 'postgres') results.push(await bench('pglite'));
const bin = ONLY === 'pglite' ? undefined : findPostgresBin();
if (bin) {
  const pg = await startThrowawayPostgres(bin);
  try {
    results.push(await bench('postgres', pg.url));
  } finally {
    pg.stop();
  }
} else if (ONLY !== 'pglite') {
  log('\nNo PostgreSQL server binaries under /usr/lib/postgresql: real PostgreSQL skipped.');
}
if (ONLY && fs.existsSync(resultsFile)) {
  const previous = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { results?: BackendResult[] };
  results.push(...(previous.results ?? []).filter((r) => r.backend !== ONLY));
  results.sort((a, b) => a.backend.localeCompare(b.backend));
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
console.log(`\nBackend benchmark, ${PATTERNS.toLocaleString('en')} patterns, ${REQUESTS} requests each, ${os.cpus().length} cores\n`);
console.log(
  row(['backend', 'cold start ms', 'warm start ms', 'listing p50 ms', 'listing p95 ms', 'search p50 ms', 'search p95 ms', 'search goal', 'listing req/s']),
);
console.log(row(Array(9).fill('---')));
for (const r of results) {
  console.log(
    row([
      r.backend,
      r.coldStartMs,
      r.warmStartMs,
      r.listing.p50,
      r.listing.p95,
      r.search.p50,
      r.search.p95,
      `< ${r.searchP95GoalMs} ms ${r.searchP95MeetsGoal ? 'met' : 'MISSED'}`,
      r.listingRps,
    ]),
  );
}
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      recordedAt: new Date().toISOString(),
      patterns: PATTERNS,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      rpsSeconds: RPS_SECONDS,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      listingQueries: listings,
      searchQueries: searches,
      results,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nrecorded in ${path.relative(process.cwd(), resultsFile)}`);
