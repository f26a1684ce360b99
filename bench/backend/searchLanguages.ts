// Search in the buyer's language: the backend bench's searches through REST on one
// embedded stack (PGlite, or a throwaway PostgreSQL with --db postgres) with 100,000 generated patterns, a tenth of them with a German title
// and description, calling the search as it was before (20261202008000's search_patterns, created
// again as search_patterns_before) and as it is now, one after the other for every sample, so
// both see the same data, caches and machine load. Also German searches (locale 'de': stemming,
// translations, a typo). Records results/search-languages.json.
//   cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx backend/searchLanguages.ts [--db pglite|postgres] [--rounds 20] [--patterns 100000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, startThrowawayPostgres } from '../../backend/src/db/throwaway-postgres.ts';
import { startStack, type Stack } from '../../backend/src/stack.ts';
import { generateCatalog } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => process.argv.find((a, i) => process.argv[i - 1] === `--${name}`);
const ROUNDS = Number(arg('rounds') ?? 20);
const PATTERNS = Number(arg('patterns') ?? 100_000);
const DB = arg('db') ?? 'pglite';
if (DB !== 'pglite' && DB !== 'postgres') throw new Error('--db takes pglite or postgres');
const GOAL = DB === 'pglite' ? 50 : 15; // the backend bench's goals (run.ts)

// the backend bench's searches (run.ts), in English without a locale: today's callers
const english: Record<string, unknown>[] = [
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
const german: Record<string, unknown>[] = [
  { q: 'Wickelkleider', locale: 'de' },
  { q: 'Jacken', locale: 'de' },
  { q: 'Wickelkleider mit Taschen', locale: 'de' },
  { q: 'Wickelkleit', locale: 'de' },
  { q: 'wrap dress', locale: 'de' },
];
// German titles for the generated garments (generate.ts), given to every tenth pattern
const germanTitles: Record<string, string> = {
  'Wrap Dress': 'Wickelkleid',
  'Shirt Dress': 'Hemdblusenkleid',
  'Tiered Maxi Dress': 'Stufenkleid',
  'Boxy Blouse': 'Kastenbluse',
  'Wide-Leg Trousers': 'Weite Hose',
  'A-Line Skirt': 'A-Linien-Rock',
  'Chore Jacket': 'Arbeitsjacke',
  'Cocoon Coat': 'Kokonmantel',
  'Camp Collar Shirt': 'Hemd mit Reverskragen',
  'Market Tote': 'Markttasche',
  'Cabled Sweater': 'Zopfpullover',
  'Ribbed Beanie': 'Rippenmütze',
};

const quiet = { info: () => undefined, error: (s: string, m: string, e?: unknown) => console.error(`[${s}] ${m}`, e ?? '') };

async function call(stack: Stack, fn: string, body: Record<string, unknown>): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${fn} ${JSON.stringify(body)} → ${res.status} ${text.slice(0, 300)}`);
  return { ms, rows: (JSON.parse(text) as unknown[]).length };
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), n: s.length };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-languages-'));
const server = DB === 'postgres' ? await startThrowawayPostgres(findPostgresBin()!) : undefined;
const stack = await startStack({
  dataDir,
  databaseUrl: server?.url,
  port: 0,
  dbPort: 0,
  restPort: 0,
  seed: false,
  log: quiet,
  apiExternalUrl: 'http://127.0.0.1:{port}',
});
try {
  console.log(`generating ${PATTERNS.toLocaleString('en')} patterns…`);
  await generateCatalog(stack.pool, PATTERNS, (m) => console.log(m));
  const titles = Object.entries(germanTitles);
  await stack.pool.query(
    `insert into public.pattern_translations (pattern_id, locale, title, description)
     select p.id, 'de', split_part(p.title, ' ', 1) || ' ' || m.de, 'Ein ' || m.de || ' mit Taschen und einer bebilderten Anleitung.'
       from public.patterns p
       join (select unnest($1::text[]) as en, unnest($2::text[]) as de) m on p.title like '% ' || m.en
      where abs(hashtext(p.id::text)) % 10 = 0`,
    [titles.map(([en]) => en), titles.map(([, de]) => de)],
  );
  await stack.pool.query('vacuum analyze');
  // the search as 20261202008000_craft_facets.sql defined it, beside today's
  const source = fs.readFileSync(path.join(here, '..', '..', 'supabase', 'migrations', '20261202008000_craft_facets.sql'), 'utf8');
  const start = source.indexOf('create or replace function public.search_patterns(');
  const end = source.indexOf('end $$;', start) + 'end $$;'.length;
  // (the body names its arguments by the function's name: search_patterns.q)
  await stack.pool.query(
    source
      .slice(start, end)
      .replaceAll('search_patterns.', 'search_patterns_before.')
      .replace('public.search_patterns(', 'public.search_patterns_before(')
      // the paging arguments by today's names, so both take the same arguments
      .replace('"limit" integer default 24', 'page_size integer default 24')
      .replace('"offset" integer default 0', 'page_offset integer default 0')
      .replace('search_patterns_before."limit"', 'search_patterns_before.page_size')
      .replace('search_patterns_before."offset"', 'search_patterns_before.page_offset')
      // pattern_hit has title_translations now; the old search had none
      .replace('p.yarn_weight, p.needle_mm\n    from unnest', 'p.yarn_weight, p.needle_mm, null::jsonb\n    from unnest'),
  );
  await stack.rest.reloadSchema();

  const before: number[] = [];
  const after: number[] = [];
  const de: number[] = [];
  const perQuery = new Map<string, { before: number[]; after: number[]; rowsBefore: number; rowsAfter: number }>();
  for (const q of [...english, ...german]) {
    const a = await call(stack, 'search_patterns', q); // warm-up, and the shape
    const b = 'locale' in q ? { rows: 0 } : await call(stack, 'search_patterns_before', q);
    if (a.rows === 0) throw new Error(`${JSON.stringify(q)} found nothing`);
    perQuery.set(JSON.stringify(q), { before: [], after: [], rowsBefore: b.rows, rowsAfter: a.rows });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of english) {
      const entry = perQuery.get(JSON.stringify(q))!;
      // alternate which goes first, so neither always finds the other's pages in the cache
      const first = round % 2 === 0 ? 'search_patterns_before' : 'search_patterns';
      const second = first === 'search_patterns' ? 'search_patterns_before' : 'search_patterns';
      for (const fn of [first, second]) {
        const { ms } = await call(stack, fn, q);
        (fn === 'search_patterns' ? entry.after : entry.before).push(ms);
        (fn === 'search_patterns' ? after : before).push(ms);
      }
    }
    for (const q of german) {
      const { ms } = await call(stack, 'search_patterns', q);
      perQuery.get(JSON.stringify(q))!.after.push(ms);
      de.push(ms);
    }
  }
  const result = {
    recordedAt: new Date().toISOString(),
    database: DB,
    patterns: PATTERNS,
    rounds: ROUNDS,
    loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
    machine: { cpus: os.cpus().length, node: process.version },
    goalP95Ms: GOAL,
    englishBefore: stats(before),
    englishAfter: stats(after),
    germanAfter: stats(de),
    perQuery: [...perQuery].map(([query, e]) => ({
      query,
      rowsBefore: e.rowsBefore,
      rowsAfter: e.rowsAfter,
      before: e.before.length ? stats(e.before) : null,
      after: stats(e.after),
    })),
  };
  console.log(
    `\nEnglish (today's callers): before p50 ${result.englishBefore.p50} / p95 ${result.englishBefore.p95} ms, after p50 ${result.englishAfter.p50} / p95 ${result.englishAfter.p95} ms`,
  );
  console.log(
    `German (locale de): p50 ${result.germanAfter.p50} / p95 ${result.germanAfter.p95} ms; goal p95 < ${GOAL} ms; load ${result.loadAverage.join(' ')}`,
  );
  for (const q of result.perQuery) console.log(`  ${q.query}: rows ${q.rowsBefore} → ${q.rowsAfter}, p95 ${q.before?.p95 ?? '–'} → ${q.after.p95}`);
  // one record per database, the other's kept
  const file = path.join(here, '..', 'results', 'search-languages.json');
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...('database' in previous ? {} : previous), [DB]: result }, null, 2)}\n`);
} finally {
  await stack.stop();
  server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
