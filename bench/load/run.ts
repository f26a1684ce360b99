// Load benchmark (not a test): the embedded backend as `npm start` runs it (its own process,
// demo seed, behind the gateway), hit over loopback by autocannon with N concurrent clients per
// scenario — browse (REST listing), search (search_patterns RPC), sign-in (password grant),
// download (the stamping function). Records status mix, error rate, p50/p95/p99 and req/s in
// bench/results/load-<db>.json and prints a table.
//   cd bench && pnpm run bench:load [--db pglite|postgres|both] [--duration 60] [--connections 200]
//     [--scenarios browse,search,signin,download,firstdownload,redownload] [--timeout 30] [--data-dir DIR (pglite: keep the seeded folder)]
//     [--search-post (the same searches as a POST, which no cache keeps)] [--a0-pages 40 (every A0 file an N-page one; the download pairs are A0s)] [--pairs 200] [--label NAME (results/load-<db>-NAME.json)]
// firstdownload: each of --pairs buyer × pattern pairs downloaded once, two at a time (the stamp
// is made); redownload: those pairs again under the load (a kept copy is served where there is one).
// Both are fetch loops in this process that follow redirects and read every answer to its end.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { LoadTarget } from './stack.ts';
import { rpcQuery } from '../../shared/src/pageReads.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => process.argv.find((_, i) => process.argv[i - 1] === `--${name}`);
const DURATION = Number(arg('duration') ?? 60);
const CONNECTIONS = Number(arg('connections') ?? 200);
const TIMEOUT = Number(arg('timeout') ?? 30);
const DBS = (arg('db') ?? 'both') === 'both' ? (['pglite', 'postgres'] as const) : ([arg('db')] as Array<'pglite' | 'postgres'>);
const ALL = ['browse', 'search', 'signin', 'download', 'firstdownload', 'redownload'] as const;
const A0_PAGES = arg('a0-pages');
const PAIRS = Number(arg('pairs') ?? 200);
const LABEL = arg('label');
type Scenario = (typeof ALL)[number];
const SCENARIOS = (arg('scenarios')?.split(',') ?? [...ALL]) as Scenario[];
for (const s of SCENARIOS) if (!ALL.includes(s)) throw new Error(`unknown scenario ${s}; use ${ALL.join(',')}`);
for (const db of DBS) if (db !== 'pglite' && db !== 'postgres') throw new Error('--db takes pglite, postgres or both');
if (!(DURATION > 0 && CONNECTIONS > 0)) throw new Error('--duration and --connections must be positive');

// As the catalog asks: cards with their store, newest first / filtered, a page of 24.
const CARD = 'select=id,title,price_cents,currency,cover_path,difficulty,size_range,stores(slug,name)';
const LISTINGS = [
  `/rest/v1/patterns?${CARD}&status=eq.published&order=published_at.desc&limit=24`,
  `/rest/v1/patterns?${CARD}&status=eq.published&craft=eq.sewing&order=published_at.desc&limit=24`,
  `/rest/v1/patterns?${CARD}&status=eq.published&order=price_cents.asc&limit=24&offset=24`,
  `/rest/v1/patterns?${CARD}&status=eq.published&price_cents=eq.0&order=sales_count.desc&limit=24`,
];
// As mf-catalog's searchPatterns sends them: compact({ currency, ...toSearchArgs(query) }), nulls
// dropped, the first page of 24, in the order of the catalog's arguments.
const PAGE = { page_size: 24, page_offset: 0 };
const SEARCHES = [
  { currency: 'EUR', q: 'dress', free_only: false, sort: 'relevance', ...PAGE },
  { currency: 'EUR', q: 'wrap dress', free_only: false, sort: 'relevance', ...PAGE },
  { currency: 'EUR', q: 'cardigan', free_only: false, sort: 'price_asc', ...PAGE },
  { currency: 'EUR', q: 'quilt', craft: 'quilting', free_only: false, sort: 'relevance', ...PAGE },
  { currency: 'EUR', q: 'tote', free_only: true, sort: 'relevance', ...PAGE },
  { currency: 'EUR', q: 'jaket', free_only: false, sort: 'relevance', ...PAGE },
  { currency: 'EUR', free_only: false, sort: 'newest', ...PAGE },
  { currency: 'EUR', q: 'linen trousers', hip: 110, free_only: false, sort: 'relevance', ...PAGE },
];

interface ScenarioResult {
  scenario: Scenario;
  connections: number;
  durationS: number;
  requests: number;
  reqPerS: number;
  /** Responses that are not 2xx, plus socket errors and timeouts, over all attempts. */
  errorRate: number;
  statusMix: Record<string, number>;
  socketErrors: Record<string, number>;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Downloads answered through a redirect (a kept copy's signed URL). */
  redirected?: number;
  /** First bodies of each non-2xx status, to see what they were. */
  samples: Record<string, string[]>;
  /** What the stack itself logged as errors meanwhile. */
  stackErrors: string[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function startTarget(db: 'pglite' | 'postgres'): Promise<{ child: ChildProcess; target: LoadTarget }> {
  const args = [db, ...(db === 'pglite' && arg('data-dir') ? ['--data-dir', arg('data-dir')!] : []), ...(A0_PAGES ? ['--a0-pages', A0_PAGES] : [])];
  const child = fork(path.join(here, 'stack.ts'), args, {
    execArgv: ['--experimental-websocket', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const target = await new Promise<LoadTarget>((resolve, reject) => {
    child.on('message', (m: { target?: LoadTarget }) => m.target && resolve(m.target));
    child.once('exit', (code) => reject(new Error(`the ${db} stack exited (${code}) before it was ready`)));
  });
  return { child, target };
}

function stackErrors(child: ChildProcess): Promise<string[]> {
  return new Promise((resolve) => {
    const onMessage = (m: { errors?: string[] }) => {
      if (!m.errors) return;
      child.off('message', onMessage);
      resolve(m.errors);
    };
    child.on('message', onMessage);
    child.send('errors');
  });
}

async function signIn(target: LoadTarget, email: string): Promise<string> {
  const res = await fetch(`${target.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: target.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: target.password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

async function tokensFor(target: LoadTarget, pairs: LoadTarget['downloads']): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const email of new Set(pairs.map((d) => d.email))) tokens.set(email, await signIn(target, email));
  return tokens;
}

/**
 * The first --pairs pairs downloaded by `clients` at once, each request answered in full: redirects
 * followed (a kept copy is a 302 to its signed storage URL, whose bytes count in the time), the body
 * read to the end and checked to be a PDF. firstdownload: each pair once, two at a time (the stamp
 * is made); redownload: the pairs in turn for --duration seconds under --connections clients.
 */
async function downloadLoop(target: LoadTarget, child: ChildProcess, scenario: 'firstdownload' | 'redownload'): Promise<ScenarioResult> {
  const pairs = target.downloads.slice(0, PAIRS);
  const tokens = await tokensFor(target, pairs);
  const clients = scenario === 'firstdownload' ? 2 : CONNECTIONS;
  await stackErrors(child);
  const latencies: number[] = [];
  const statusMix: Record<string, number> = {};
  const socketErrors: Record<string, number> = {};
  const samples: Record<string, string[]> = {};
  let next = 0;
  let redirected = 0;
  const started = performance.now();
  const until = started + DURATION * 1000;
  const more = () => (scenario === 'firstdownload' ? next < pairs.length : performance.now() < until);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (more()) {
        const d = pairs[next++ % pairs.length]!;
        const t = performance.now();
        try {
          const res = await fetch(`${target.url}/functions/v1/download/${d.patternId}?format=${d.format}`, {
            headers: { apikey: target.anonKey, authorization: `Bearer ${tokens.get(d.email)}` },
            signal: AbortSignal.timeout(TIMEOUT * 1000),
          });
          const body = Buffer.from(await res.arrayBuffer());
          if (scenario === 'redownload' && performance.now() > until) break; // in flight when the time was up: not counted
          latencies.push(performance.now() - t);
          if (res.redirected) redirected++;
          const status = res.ok && body.subarray(0, 5).toString('latin1') !== '%PDF-' ? 'not a PDF' : String(res.status);
          statusMix[status] = (statusMix[status] ?? 0) + 1;
          if (!res.ok && (samples[status] ??= []).length < 3) samples[status]!.push(body.toString('utf8').slice(0, 300));
        } catch (err) {
          const key = (err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
          socketErrors[key] = (socketErrors[key] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const sockets = Object.values(socketErrors).reduce((n, c) => n + c, 0);
  const failed =
    Object.entries(statusMix)
      .filter(([code]) => !code.startsWith('2'))
      .reduce((n, [, c]) => n + c, 0) + sockets;
  const attempts = latencies.length + sockets;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    scenario,
    connections: clients,
    durationS: round(seconds),
    requests: latencies.length,
    reqPerS: round(latencies.length / seconds),
    errorRate: attempts ? Math.round((failed / attempts) * 10_000) / 10_000 : 0,
    statusMix,
    socketErrors,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    redirected,
    samples,
    stackErrors: (await stackErrors(child)).slice(0, 20),
  };
}

/** The next request of a scenario: each call takes the next item of its rotation. */
async function requestMaker(scenario: Scenario, target: LoadTarget): Promise<() => autocannon.Request> {
  let i = 0;
  const anon = { apikey: target.anonKey, authorization: `Bearer ${target.anonKey}` };
  switch (scenario) {
    case 'browse':
      return () => ({ method: 'GET', path: LISTINGS[i++ % LISTINGS.length]!, headers: anon });
    case 'search':
      // a GET as the catalog sends it (supabase-js rpc(…, { get: true })); --search-post: the same arguments as a POST, which no cache keeps
      if (process.argv.includes('--search-post')) {
        return () => ({
          method: 'POST',
          path: '/rest/v1/rpc/search_patterns',
          headers: { ...anon, 'content-type': 'application/json' },
          body: JSON.stringify(SEARCHES[i++ % SEARCHES.length]),
        });
      }
      return () => ({
        method: 'GET',
        path: `/rest/v1/rpc/search_patterns?${rpcQuery(SEARCHES[i++ % SEARCHES.length]!)}`,
        headers: anon,
      });
    case 'signin':
      return () => ({
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        headers: { apikey: target.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: target.accounts[i++ % target.accounts.length], password: target.password }),
      });
    case 'firstdownload':
    case 'redownload':
      throw new Error(`${scenario} is measured by downloadLoop()`);
    case 'download': {
      if (target.downloads.length === 0) throw new Error('no buyer × pattern pairs to download (did the demo seed upload files?)');
      const tokens = new Map<string, string>();
      for (const email of new Set(target.downloads.map((d) => d.email))) tokens.set(email, await signIn(target, email));
      // Pattern by pattern, buyer by buyer: a pair comes back only after every other pair.
      return () => {
        const d = target.downloads[i++ % target.downloads.length]!;
        return {
          method: 'GET',
          path: `/functions/v1/download/${d.patternId}?format=${d.format}`,
          headers: { apikey: target.anonKey, authorization: `Bearer ${tokens.get(d.email)}` },
        };
      };
    }
  }
}

async function runScenario(scenario: Scenario, target: LoadTarget, child: ChildProcess): Promise<ScenarioResult> {
  const next = await requestMaker(scenario, target);
  await stackErrors(child); // forget what came before
  const latencies: number[] = [];
  const statusMix: Record<string, number> = {};
  const socketErrors: Record<string, number> = {};
  const samples: Record<string, string[]> = {};
  const started = performance.now();
  let finished!: (err: Error | null) => void;
  const done = new Promise<void>((resolve, reject) => {
    finished = (err) => (err ? reject(err) : resolve());
  });
  const instance = autocannon(
    {
      url: target.url,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: TIMEOUT,
      requests: [
        {
          setupRequest: (req) => ({ ...req, ...next() }),
          onResponse: (status, body) => {
            if (status >= 200 && status < 300) return;
            const list = (samples[status] ??= []);
            if (list.length < 3) list.push(body.slice(0, 300));
          },
        },
      ],
    },
    (err) => finished(err),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statusMix[statusCode] = (statusMix[statusCode] ?? 0) + 1;
  });
  instance.on('reqError', (err: Error & { code?: string }) => {
    const key = err.code ?? err.message;
    socketErrors[key] = (socketErrors[key] ?? 0) + 1;
  });
  await done;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const responses = latencies.length;
  const failed =
    Object.entries(statusMix)
      .filter(([code]) => !code.startsWith('2'))
      .reduce((n, [, c]) => n + c, 0) + Object.values(socketErrors).reduce((n, c) => n + c, 0);
  const attempts = responses + Object.values(socketErrors).reduce((n, c) => n + c, 0);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    scenario,
    connections: CONNECTIONS,
    durationS: round(seconds),
    requests: responses,
    reqPerS: round(responses / seconds),
    errorRate: attempts ? Math.round((failed / attempts) * 10_000) / 10_000 : 0,
    statusMix,
    socketErrors,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    samples,
    stackErrors: (await stackErrors(child)).slice(0, 20),
  };
}

const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
const mix = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ') || '—';

for (const db of DBS) {
  console.log(`\n${db}: starting the stack with the demo seed…`);
  const t = performance.now();
  const { child, target } = await startTarget(db);
  const results: ScenarioResult[] = [];
  try {
    console.log(`  ready in ${Math.round(performance.now() - t)} ms: ${target.accounts.length} accounts, ${target.downloads.length} buyer × pattern pairs`);
    for (const scenario of SCENARIOS) {
      console.log(
        scenario === 'firstdownload'
          ? `  firstdownload: ${Math.min(PAIRS, target.downloads.length)} pairs, 2 at a time…`
          : `  ${scenario}: ${CONNECTIONS} connections for ${DURATION} s…`,
      );
      const r =
        scenario === 'firstdownload' || scenario === 'redownload' ? await downloadLoop(target, child, scenario) : await runScenario(scenario, target, child);
      results.push(r);
      console.log(
        `    ${r.reqPerS} req/s${r.redirected ? ` (${r.redirected} through a redirect)` : ''}, p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} / p99 ${r.latencyMs.p99} ms, errors ${(r.errorRate * 100).toFixed(2)} % (${mix(r.statusMix)}${Object.keys(r.socketErrors).length ? `; sockets ${mix(r.socketErrors)}` : ''})`,
      );
      for (const [status, bodies] of Object.entries(r.samples)) console.log(`    ${status}: ${bodies[0]}`);
      for (const e of r.stackErrors.slice(0, 3)) console.log(`    stack: ${e}`);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // let queues drain between scenarios
    }
  } finally {
    // Wait for the stack to stop (the timer also keeps this process alive meanwhile); end it if it hangs.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    await exited;
    clearTimeout(timer);
  }

  console.log(`\n${row(['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'error rate', 'status mix'])}\n${row(Array(7).fill('---'))}`);
  for (const r of results)
    console.log(
      row([
        r.scenario,
        r.reqPerS,
        r.latencyMs.p50,
        r.latencyMs.p95,
        r.latencyMs.p99,
        `${(r.errorRate * 100).toFixed(2)} %`,
        mix({ ...r.statusMix, ...r.socketErrors }),
      ]),
    );
  const file = path.join(here, '..', 'results', `load-${db}${LABEL ? `-${LABEL}` : ''}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        bench: 'load',
        db,
        label: LABEL ?? null,
        a0Pages: A0_PAGES ? Number(A0_PAGES) : null,
        recordedAt: new Date().toISOString(),
        connections: CONNECTIONS,
        durationS: DURATION,
        timeoutS: TIMEOUT,
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: os.loadavg() },
        notes:
          'autocannon in the bench process (firstdownload, redownload: fetch loops following redirects), the stack in a child process (as npm start); demo seed; every demo buyer granted every published pattern with a file so downloads spread over buyer × pattern pairs (10 per pair per hour); sign-ins use the right password (the limits count failures only)',
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`recorded in ${path.relative(process.cwd(), file)}`);
}
