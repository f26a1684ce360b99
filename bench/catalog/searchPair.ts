// Search p95 before/after a set of migrations on the same generated data (the currency migrations, for example):
//   cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx catalog/searchPair.ts <before…|after…> <dataDir> [prefix]
// `before…` applies the migrations older than [prefix] only (default 20261123004: the committed
// ones before this session's), `after…` adds the files starting with 20261123005 (one currency).
// Generate once into a folder, copy it, and run before on one copy and after on the other, back
// to back. Records `<label>-currency` in results/catalog-search.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../../backend/src/stack.ts';
import { generateCatalog } from '../backend/generate.ts';
import { SEARCH_QUERIES, benchSearch } from './search.ts';
import { writeResults } from './catalogStack.ts';

const [label, dataDir, prefix = '20261123004'] = process.argv.slice(2) as [string, string, string?];
const here = path.dirname(fileURLToPath(import.meta.url));
const all = path.join(here, '..', '..', 'supabase', 'migrations');
// the committed migrations before this session's (others' files may be half-written), plus mine after
const dir = path.join(dataDir, '..', `migrations-${label}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir);
for (const f of fs.readdirSync(all)) {
  if (f < prefix || (!label.startsWith('before') && f.startsWith('20261123005'))) fs.copyFileSync(path.join(all, f), path.join(dir, f));
}
const dirs = [dir];
fs.mkdirSync(dataDir, { recursive: true });
const quiet = { info: () => undefined, error: (s: string, m: string, e?: unknown) => console.error(`[${s}] ${m}`, e ?? '') };
const stack = await startStack({
  dataDir,
  port: 0,
  dbPort: 0,
  restPort: 0,
  seed: false,
  log: quiet,
  apiExternalUrl: 'http://127.0.0.1:{port}',
  migrationsDirs: dirs,
});
try {
  const marker = path.join(dataDir, 'bench-catalog.json');
  if (!fs.existsSync(marker)) {
    console.log('generating 100,000 patterns…');
    await generateCatalog(stack.pool, 100_000, (m) => console.log(m));
    fs.writeFileSync(marker, JSON.stringify({ patterns: 100_000 }));
  } else {
    await stack.pool.query('analyze public.patterns');
    // what the embedded maintenance pass (or autovacuum) does within a minute of the migration's rewrite of every row
    await stack.pool.query('vacuum (analyze) catalog_search.documents');
  }
  const search = await benchSearch(stack, 20);
  console.log(label, JSON.stringify({ all: search.overall, words: search.words, typos: search.typos, browse: search.browse }));
  for (const q of search.perQuery) console.log(q.name, q.latency.p50, q.latency.p95, q.total);
  writeResults(
    path.join(here, '..', 'results', 'catalog-search.json'),
    `${label}-currency`,
    {
      bench: 'catalog-search',
      description:
        'POST /rest/v1/rpc/search_patterns with the anon key (as the catalog page calls it), sequential, after one warm-up pass, embedded stack (PGlite) with generated patterns. Words use full-text search; typos fall back to trigram similarity on titles.',
      command: 'cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx catalog/run.ts --only search',
      goal_p95_ms: 50,
    },
    { patterns: 100_000, rounds: 20, meetsGoal: search.overall.p95 < 50, queries: SEARCH_QUERIES, ...search },
  );
} finally {
  await stack.stop();
}
