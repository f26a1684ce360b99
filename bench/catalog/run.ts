// Catalog benchmark with 100,000 patterns on the embedded stack (PGlite, as `npm start`):
//  1. time to the first pattern card on /patterns in headless Chromium (goal < 1 s),
//     cold and warm medians, with document / JS / REST (and server) break-down;
//  2. search_patterns p95 through the REST interface (words, typos, filters).
// Prints tables and writes bench/results/catalog-first-card.json and catalog-search.json.
//   cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx catalog/run.ts \
//     [--patterns 100000] [--runs 7] [--rounds 20] [--label latest] [--data-dir /tmp/keep] [--only first-card|search]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../e2e/src/harness.ts';
import { arg, startCatalogStack, stats, writeResults } from './catalogStack.ts';
import { BROWSE_BOUNDED_COUNT_SQL, BROWSE_PAGE_SQL, BROWSE_WINDOW_COUNT_SQL, explainBrowse } from './explain.ts';
import { benchFirstCard, type FirstCardResult } from './firstCard.ts';
import { SEARCH_QUERIES, benchSearch } from './search.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const results = path.join(here, '..', 'results');
const PATTERNS = Number(arg('patterns') ?? 100_000);
const RUNS = Number(arg('runs') ?? 7);
const ROUNDS = Number(arg('rounds') ?? 20);
const LABEL = arg('label') ?? 'latest';
const ONLY = arg('only');
const FIRST_CARD_GOAL_MS = 1000;
const SEARCH_P95_GOAL_MS = 50; // the backend bench's PGlite goal for ranked search
const log = (msg: string) => console.log(msg);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

interface Scripts {
  appsNeedingBuild(): string[];
  buildApps(o: { folders: string[]; quiet?: boolean }): Promise<unknown>;
  serveApps(o: object): Promise<{ urls: Record<string, string>; stop(): Promise<void> }>;
}
const scripts = path.join(here, '..', '..', 'scripts');
const { appsNeedingBuild, buildApps } = (await import(path.join(scripts, 'build-apps.mjs'))) as Scripts;
const { serveApps } = (await import(path.join(scripts, 'serve-apps.mjs'))) as Scripts;

const stale = appsNeedingBuild();
if (stale.length) await buildApps({ folders: stale });

const catalog = await startCatalogStack({ patterns: PATTERNS, dataDir: arg('data-dir'), log });
const { stack } = catalog;
try {
  // The database's own time for the RPC the page makes, and the plan of its inner query.
  const dbSamples: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await stack.pool.query(`select * from public.search_patterns(sort => 'newest', page_size => 24, page_offset => 0)`);
    if (i > 0) dbSamples.push(performance.now() - t);
  }
  const plans = {
    pageWithWindowCount: await explainBrowse(stack.pool, BROWSE_WINDOW_COUNT_SQL),
    pageOnly: await explainBrowse(stack.pool, BROWSE_PAGE_SQL),
    boundedCount: await explainBrowse(stack.pool, BROWSE_BOUNDED_COUNT_SQL),
  };
  log(`\nsearch_patterns for /patterns in the database: median ${stats(dbSamples).p50} ms`);
  for (const [name, plan] of Object.entries(plans)) log(`  ${name}: ${plan.executionMs} ms (${plan.summary})`);

  if (ONLY !== 'search') {
    const apps = await serveApps({ ports: 'free', supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey });
    const browser = await launchChromium();
    let firstCard: FirstCardResult;
    try {
      log(`first pattern card on /patterns: ${RUNS} cold + ${RUNS} warm visits (after one warm-up)…`);
      firstCard = await benchFirstCard(browser, apps.urls.shell!, new URL(stack.url).origin, RUNS);
    } finally {
      await browser.close();
      await apps.stop();
    }
    console.log(`\nTime to first pattern card on /patterns, ${PATTERNS.toLocaleString('en')} patterns, ${os.cpus().length} cores, medians of ${RUNS}\n`);
    console.log(row(['visit', 'first card ms', 'min–max ms', 'document ms', 'JS done ms', 'search RPC ms (server)', 'REST calls', 'goal']));
    console.log(row(Array(8).fill('---')));
    for (const [name, s] of [
      ['cold', firstCard.cold],
      ['warm', firstCard.warm],
    ] as const) {
      console.log(
        row([
          name,
          s.firstCardMedianMs,
          `${s.firstCardMinMs}–${s.firstCardMaxMs}`,
          s.documentMedianMs,
          s.jsDoneMedianMs,
          `${s.searchRpcMedianMs} (${s.searchRpcServerMedianMs})`,
          s.restCallsBeforeCard,
          s.firstCardMedianMs < FIRST_CARD_GOAL_MS ? '< 1000 met' : '< 1000 MISSED',
        ]),
      );
    }
    console.log(`\nmedian cold visit, backend calls before the card:`);
    for (const r of firstCard.medianColdVisit.rest) console.log(`  ${r.start}–${r.end} ms ${r.url} (server ${r.serverMs ?? '?'} ms)`);
    writeResults(
      path.join(results, 'catalog-first-card.json'),
      LABEL,
      {
        bench: 'catalog-first-card',
        description:
          'Headless Chromium, /patterns on the production builds (scripts/serve-apps.mjs) against the embedded stack (PGlite) with generated patterns: navigation start to the frame after the first PatternCard enters the DOM. cold = new browser context (empty cache), warm = second page in the same context. Server time = request sent to first byte of the response (Playwright timing).',
        command: 'cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx catalog/run.ts',
        goal_ms: FIRST_CARD_GOAL_MS,
      },
      {
        patterns: PATTERNS,
        meetsGoal: { cold: firstCard.cold.firstCardMedianMs < FIRST_CARD_GOAL_MS, warm: firstCard.warm.firstCardMedianMs < FIRST_CARD_GOAL_MS },
        databaseSearchRpc: stats(dbSamples),
        browseQueryPlans: plans,
        ...firstCard,
      },
    );
  }

  if (ONLY !== 'first-card') {
    log(`\nsearch_patterns through REST: ${SEARCH_QUERIES.length} queries × ${ROUNDS} rounds…`);
    const search = await benchSearch(stack, ROUNDS);
    console.log(`\nsearch_patterns through /rest/v1, ${PATTERNS.toLocaleString('en')} patterns, sequential\n`);
    console.log(row(['group', 'p50 ms', 'p95 ms', 'max ms', 'n']));
    console.log(row(Array(5).fill('---')));
    for (const [name, l] of [
      ['all', search.overall],
      ['words', search.words],
      ['typos', search.typos],
      ['browse', search.browse],
    ] as const) {
      console.log(row([name, l.p50, l.p95, l.max, l.n]));
    }
    console.log(`\n${row(['query', 'p50 ms', 'p95 ms', 'matched', 'total'])}\n${row(Array(5).fill('---'))}`);
    for (const q of search.perQuery) console.log(row([q.name, q.latency.p50, q.latency.p95, q.matchedBy ?? 'filter', q.total]));
    writeResults(
      path.join(results, 'catalog-search.json'),
      LABEL,
      {
        bench: 'catalog-search',
        description:
          'POST /rest/v1/rpc/search_patterns with the anon key (as the catalog page calls it), sequential, after one warm-up pass, embedded stack (PGlite) with generated patterns. Words use full-text search; typos fall back to trigram similarity on titles.',
        command: 'cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx catalog/run.ts --only search',
        goal_p95_ms: SEARCH_P95_GOAL_MS,
      },
      { patterns: PATTERNS, rounds: ROUNDS, meetsGoal: search.overall.p95 < SEARCH_P95_GOAL_MS, queries: SEARCH_QUERIES, ...search },
    );
  }
} finally {
  await catalog.stop();
}
console.log(`\nrecorded in bench/results/ (label "${LABEL}")`);
