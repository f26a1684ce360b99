// Realtime benchmark: commit → delivered for postgres_changes on the embedded
// backend (PGlite by default, as `npm start`; --db postgres with DATABASE_URL or a throwaway
// PostgreSQL), through the gateway's /realtime/v1/websocket, with 1 and 1,000 subscribers.
// Every subscriber is a different signed-in user (its own token and claims), listening to one
// published pattern's UPDATEs, so each change is checked under RLS once per subscriber
// (realtime.visible_to) before it is sent: the worst case of the library screen.
//   - latency: the UPDATE's commit returns → each subscriber's callback (same clock, two processes)
//   - memory: the backend process's RSS with N subscribers joined, minus before, per subscriber
//   - write cost: the same UPDATE on a published and on an unpublished table (the trigger + NOTIFY)
// Prints a table and writes bench/results/realtime.json (runs under other labels stay).
// A second 1,000 run has every subscriber on the anon key (visitors: one check for all).
//   NODE_OPTIONS=--experimental-websocket npx tsx realtime/run.ts [--subscribers 1,1000] [--changes 30] [--db pglite|postgres] [--label latest]
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from '../../backend/src/stack.ts';
import { signJwt } from '../../backend/src/jwt.ts';
import type { Start } from './clients.ts';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../../backend/src/db/throwaway-postgres.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, '..', 'results', 'realtime.json');
const argOf = (name: string) => process.argv.find((_, i) => process.argv[i - 1] === `--${name}`);
const COUNTS = (argOf('subscribers') ?? '1,1000').split(',').map(Number);
const CHANGES = Number(argOf('changes') ?? 30);
const LABEL = argOf('label') ?? 'latest';
const DB = argOf('db') ?? 'pglite';

const quiet = { info: () => undefined, error: (service: string, message: string, err?: unknown) => console.error(`[${service}] ${message}`, err ?? '') };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-realtime-'));
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 10) / 10 : NaN;
};
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stack: Stack | undefined;
let postgres: ThrowawayPostgres | undefined;
try {
  if (DB === 'postgres') {
    const bin = findPostgresBin();
    if (!bin) throw new Error('--db postgres: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
    postgres = await startThrowawayPostgres(bin, { fsync: false });
  }
  stack = await startStack({ dataDir, port: 0, seed: false, log: quiet, ...(postgres ? { databaseUrl: postgres.url } : {}) });
  const s = stack;
  const q = (text: string, values: unknown[] = []) => s.pool.query(text, values);
  const owner = randomUUID();
  await q(
    `insert into auth.users (id, email, aud, role, email_confirmed_at) values ($1, 'bench-owner@example.test', 'authenticated', 'authenticated', now())`,
    [owner],
  );
  const {
    rows: [store],
  } = await q(`insert into public.stores (owner_id, slug, kind, name) values ($1, 'bench-rt', 'designer', 'Bench') returning id`, [owner]);
  const {
    rows: [pattern],
  } = await q(
    `insert into public.patterns (store_id, title, craft, category, price_cents, status, published_at) values ($1, 'Bench 0', 'sewing', 'dresses', 1400, 'published', now()) returning id`,
    [store.id],
  );
  await q(`create table public.bench_unpublished (id int primary key, title text); insert into public.bench_unpublished values (1, 'x')`);

  // write cost of the capture trigger (the pattern is published, bench_unpublished is not)
  const writeCost = async (sql: string) => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await q(sql, [`w ${i}`]);
      times.push(performance.now() - t);
    }
    return { p50: pct(times, 50), p95: pct(times, 95) };
  };
  const published = await writeCost(`update public.patterns set title = $1 where id = '${pattern.id}'`);
  const unpublished = await writeCost(`update public.bench_unpublished set title = $1 where id = 1`);

  const runs: Array<Record<string, unknown>> = [];
  const plan = [...COUNTS.map((n) => ({ n, who: 'members' as const })), ...COUNTS.filter((n) => n > 1).map((n) => ({ n, who: 'visitors' as const }))];
  for (const { n, who } of plan) {
    const tokens =
      who === 'visitors'
        ? Array.from({ length: n }, () => s.anonKey)
        : await Promise.all(
            Array.from({ length: n }, () =>
              signJwt({ role: 'authenticated', aud: 'authenticated', sub: randomUUID(), aal: 'aal1', session_id: randomUUID() }, s.config.jwtSecret, 3600),
            ),
          );
    const child = fork(path.join(here, 'clients.ts'), [], {
      execArgv: ['--import', 'tsx', '--experimental-websocket'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let onBatch: ((times: number[]) => void) | null = null;
    let onExpecting: (() => void) | null = null;
    const ready = new Promise<number>((resolve, reject) => {
      child.on('message', (m: { type: string; times?: number[]; joined?: number }) => {
        if (m.type === 'batch') onBatch?.(m.times!);
        if (m.type === 'expecting') onExpecting?.();
        if (m.type === 'ready') resolve(m.joined!);
      });
      child.once('exit', (code) => reject(new Error(`clients exited (${code})`)));
    });
    global.gc?.();
    const before = rssMiB();
    const joinStarted = performance.now();
    child.send({ url: s.url, anonKey: s.anonKey, patternId: pattern.id, tokens } satisfies Start);
    const joined = await ready;
    const joinMs = performance.now() - joinStarted;
    await sleep(2000);
    const after = rssMiB();
    const latencies: number[] = [];
    let missing = 0;
    for (let i = 0; i < CHANGES; i++) {
      const title = `Bench ${n}-${who}-${i}`;
      await new Promise<void>((resolve) => {
        onExpecting = resolve;
        child.send({ type: 'expect', title });
      });
      const batch = new Promise<number[]>((resolve) => {
        onBatch = resolve;
      });
      await q(`update public.patterns set title = $1 where id = $2`, [title, pattern.id]);
      const committed = now();
      const times = await batch;
      missing += n - times.length;
      latencies.push(...times.map((at) => at - committed));
      await sleep(100);
    }
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
    const run = {
      subscribers: n,
      who,
      joined,
      join_all_ms: Math.round(joinMs),
      changes: CHANGES,
      deliveries: latencies.length,
      missing,
      delivered_p50_ms: pct(latencies, 50),
      delivered_p95_ms: pct(latencies, 95),
      delivered_max_ms: pct(latencies, 100),
      backend_rss_before_mib: Math.round(before),
      backend_rss_joined_mib: Math.round(after),
      backend_kib_per_subscriber: Math.round(((after - before) * 1024) / n),
    };
    runs.push(run);
    console.table([run]);
    await sleep(1000);
  }
  const result = {
    label: LABEL,
    at: new Date().toISOString(),
    db: s.postgres.kind,
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((l) => Math.round(l * 10) / 10),
    description:
      'postgres_changes commit → delivered (UPDATE of one published pattern; every subscriber a different user, RLS-checked per subscriber) and backend memory per subscriber',
    write_cost_ms: { published_table: published, unpublished_table: unpublished },
    runs,
  };
  console.table([
    { write: 'published (trigger + NOTIFY)', ...published },
    { write: 'unpublished', ...unpublished },
  ]);
  const all = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { runs: Array<{ label: string; db: string }> }) : { runs: [] };
  all.runs = [...all.runs.filter((r) => !(r.label === LABEL && r.db === result.db)), result];
  fs.writeFileSync(resultsFile, `${JSON.stringify({ bench: 'realtime', runs: all.runs }, null, 2)}\n`);
} finally {
  await stack?.stop();
  postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
