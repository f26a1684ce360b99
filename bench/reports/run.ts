// Reports benchmark: a store with 1,000,000 order lines over the last year on a real
// PostgreSQL (plus another store's 100,000, so RLS and the store filter have something to keep
// out). Measures, through the stack as the browser reaches it, with the owner's token:
//   - the sales report of one month (POST /rest/v1/rpc/report_sales): p50/p95 over --runs calls;
//   - that month's CSV export (GET /functions/v1/report-export, streamed): time to first byte
//     and to the last byte, p50/p95 over --csv-runs downloads, rows per second;
//   - once, a whole year's CSV (the "must not time out" case): total time, rows, bytes;
//   - EXPLAIN ANALYZE of the month's report as the owner (the plan is printed and recorded).
// Prints a table and writes bench/results/reports.json.
//   cd bench && pnpm run bench:reports [--lines 1000000] [--runs 50] [--csv-runs 10] [--no-year]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, postgresVersion, startThrowawayPostgres } from '../../backend/src/db/throwaway-postgres.ts';
import { startStack, type Stack } from '../../backend/src/stack.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, '..', 'results', 'reports.json');
const arg = (name: string) => process.argv.find((a, i) => process.argv[i - 1] === `--${name}`);
const LINES = Number(arg('lines') ?? 1_000_000);
const OTHER_LINES = Math.round(LINES / 10);
const RUNS = Number(arg('runs') ?? 50);
const CSV_RUNS = Number(arg('csv-runs') ?? 10);
const YEAR = !process.argv.includes('--no-year');
const GOAL_MS = 200;
const log = (msg: string) => console.log(msg);
const quiet = { info: () => undefined, error: (s: string, m: string, e?: unknown) => console.error(`[${s}] ${m}`, e ?? '') };

interface Latency {
  p50: number;
  p95: number;
  mean: number;
  n: number;
}
function stats(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), mean: round(s.reduce((a, b) => a + b, 0) / s.length), n: s.length };
}

async function owner(stack: Stack, tag: string): Promise<{ id: string; token: string }> {
  const email = `${tag}-${Date.now().toString(36)}@bench.stitchhouse.test`;
  const password = 'Bench-reports-2026';
  const created = await fetch(`${stack.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { display_name: tag } }),
  });
  if (!created.ok) throw new Error(`create user → ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { id: string }).id;
  const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign in → ${signIn.status}`);
  return { id, token: ((await signIn.json()) as { access_token: string }).access_token };
}

/**
 * A store with `lines` paid order lines spread over the last 365 days (one line per order, 50
 * patterns, a discount on every 10th, a refund on every 50th). Bulk-loaded with triggers off
 * (session_replication_role = replica), so sold_at/order_number are written as the triggers would.
 */
async function generateStore(stack: Stack, ownerId: string, slug: string, lines: number): Promise<string> {
  const client = await stack.pool.connect();
  try {
    const store = (
      await client.query<{ id: string }>(
        `insert into public.stores (owner_id, slug, kind, name, currency) values ($1, $2, 'designer', $2, 'EUR') returning id`,
        [ownerId, slug],
      )
    ).rows[0]!.id;
    await client.query(
      `insert into public.patterns (store_id, title, craft, category, price_cents, currency, status, published_at)
      select $1, 'Bench pattern ' || g, 'sewing', 'dresses', 1500, 'EUR', 'published', now() from generate_series(1, 50) g`,
      [store],
    );
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(
      `
      with p as (select array_agg(id order by title) ids from public.patterns where store_id = $1),
      o as (
        insert into public.orders (status, currency, subtotal_cents, discount_cents, vat_cents, platform_fee_cents, total_cents, paid_at, created_at)
        select 'paid', 'EUR', 1500, case when g % 10 = 0 then 150 else 0 end, 250, 120,
               1500 - case when g % 10 = 0 then 150 else 0 end, t, t
          from (select g, now() - (random() * interval '365 days') t from generate_series(1, $2::int) g) s
        returning id, number, paid_at, discount_cents)
      insert into public.order_items (order_id, pattern_id, store_id, kind, quantity, unit_price_cents, discount_cents, vat_cents,
                                      platform_fee_cents, currency, created_at, sold_at, order_number, refunded_at, title)
      select o.id, p.ids[1 + (o.number % 50)], $1, 'digital', 1, 1500, o.discount_cents, 250, 120, 'EUR', o.paid_at, o.paid_at, o.number,
             case when o.number % 50 = 0 then o.paid_at + interval '3 days' end, 'Bench pattern'
        from o, p`,
      [store, lines],
    );
    // the roll-up the trigger keeps (triggers were off for the bulk load): as the migration backfills it
    await client.query(
      `insert into public.report_sales_daily (store_id, day, currency, lines, units, gross_cents, discount_cents, vat_cents, fee_cents)
      select i.store_id, (i.sold_at at time zone 'UTC')::date, i.currency, count(*), sum(i.quantity), sum(i.unit_price_cents * i.quantity - i.discount_cents),
             sum(i.discount_cents), sum(i.vat_cents), sum(i.platform_fee_cents)
        from public.order_items i where i.store_id = $1 and i.sold_at is not null group by 1, 2, 3`,
      [store],
    );
    await client.query(
      `insert into public.report_sales_daily as d (store_id, day, currency, refunds_cents, refunded_net_cents)
      select i.store_id, (i.refunded_at at time zone 'UTC')::date, i.currency, sum(i.unit_price_cents * i.quantity - i.discount_cents),
             sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents)
        from public.order_items i where i.store_id = $1 and i.sold_at is not null and i.refunded_at is not null group by 1, 2, 3
      on conflict (store_id, day, currency) do update
        set refunds_cents = d.refunds_cents + excluded.refunds_cents, refunded_net_cents = d.refunded_net_cents + excluded.refunded_net_cents`,
      [store],
    );
    await client.query('commit');
    return store;
  } finally {
    client.release();
  }
}

async function timedReport(stack: Stack, token: string, from: string, to: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/rest/v1/rpc/report_sales`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_from: from, p_to: to }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`report_sales → ${res.status} ${text.slice(0, 300)}`);
  return { ms, rows: (JSON.parse(text) as unknown[]).length };
}

async function timedCsv(
  stack: Stack,
  token: string,
  from: string,
  to: string,
): Promise<{ firstByteMs: number; ms: number; rows: number; bytes: number; chunks: number }> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/functions/v1/report-export?report=sales&from=${from}&to=${to}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`report-export → ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let newlines = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks === 0) firstByteMs = performance.now() - started;
    chunks++;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) newlines++;
  }
  return { firstByteMs, ms: performance.now() - started, rows: newlines - 1, bytes, chunks };
}

async function explain(stack: Stack, ownerId: string, from: string, to: string): Promise<string[]> {
  const client = await stack.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`, [
      JSON.stringify({ sub: ownerId, role: 'authenticated' }),
      ownerId,
    ]);
    await client.query('set local role authenticated');
    // the report's own query (plpgsql: EXPLAIN of the call would hide it)
    const plan = await client.query(
      `explain (analyze, buffers, costs off)
      select d.day, d.currency, sum(d.lines), sum(d.gross_cents - d.vat_cents - d.fee_cents - d.refunded_net_cents)
        from public.report_sales_daily d
       where d.store_id = any (array(select public.my_store_ids())) and d.day between $1::date and $2::date
       group by 1, 2`,
      [from, to],
    );
    await client.query('rollback');
    return plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
  } finally {
    client.release();
  }
}

const bin = findPostgresBin();
if (!bin) throw new Error('bench:reports needs PostgreSQL server binaries (/usr/lib/postgresql/*/bin)');
const pg = await startThrowawayPostgres(bin, { fsync: false });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-reports-'));
let stack: Stack | undefined;
try {
  stack = await startStack({
    dataDir,
    databaseUrl: pg.url,
    port: 0,
    dbPort: 0,
    restPort: 0,
    seed: false,
    log: quiet,
    apiExternalUrl: 'http://127.0.0.1:{port}',
  });
  const big = await owner(stack, 'big-store');
  const other = await owner(stack, 'other-store');
  log(
    `PostgreSQL ${postgresVersion(bin)}: generating ${LINES.toLocaleString('en')} order lines for one store and ${OTHER_LINES.toLocaleString('en')} for another…`,
  );
  const t = performance.now();
  await generateStore(stack, big.id, `big-${Date.now().toString(36)}`, LINES);
  await generateStore(stack, other.id, `other-${Date.now().toString(36)}`, OTHER_LINES);
  await stack.pool.query('vacuum analyze');
  const generateMs = Math.round(performance.now() - t);
  log(`  ${generateMs} ms`);

  // the last full month
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const from = first.toISOString().slice(0, 10);
  const to = last.toISOString().slice(0, 10);
  const yearFrom = new Date(now.getTime() - 366 * 86_400_000).toISOString().slice(0, 10);
  const yearTo = now.toISOString().slice(0, 10);

  log(`month ${from}…${to}: ${RUNS} sales reports…`);
  for (let i = 0; i < 3; i++) await timedReport(stack, big.token, from, to);
  const reportSamples: number[] = [];
  let dayRows = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await timedReport(stack, big.token, from, to);
    reportSamples.push(r.ms);
    dayRows = r.rows;
  }
  const report = stats(reportSamples);

  log(`  p95 ${report.p95} ms; ${CSV_RUNS} CSV exports of the month…`);
  await timedCsv(stack, big.token, from, to);
  const csvRuns = [];
  for (let i = 0; i < CSV_RUNS; i++) csvRuns.push(await timedCsv(stack, big.token, from, to));
  const csv = stats(csvRuns.map((r) => r.ms));
  const csvFirstByte = stats(csvRuns.map((r) => r.firstByteMs));
  const monthRows = csvRuns[0]!.rows;

  let year: { ms: number; rows: number; bytes: number; chunks: number; rowsPerSecond: number } | null = null;
  if (YEAR) {
    log(`  CSV p95 ${csv.p95} ms for ${monthRows.toLocaleString('en')} rows; a year's CSV once…`);
    const y = await timedCsv(stack, big.token, yearFrom, yearTo);
    year = { ms: Math.round(y.ms), rows: y.rows, bytes: y.bytes, chunks: y.chunks, rowsPerSecond: Math.round(y.rows / (y.ms / 1000)) };
  }
  const yearReport = await timedReport(stack, big.token, yearFrom, yearTo);
  const plan = await explain(stack, big.id, from, to);

  const result = {
    recordedAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, Node ${process.version}`,
    database: `PostgreSQL ${postgresVersion(bin)} (throwaway, fsync off)`,
    lines: { store: LINES, otherStore: OTHER_LINES },
    generateMs,
    month: { from, to, dayRows, lines: monthRows },
    salesReportMonthMs: report,
    salesReportYearMs: Math.round(yearReport.ms * 10) / 10,
    csvMonthMs: csv,
    csvMonthFirstByteMs: csvFirstByte,
    csvMonthRowsPerSecond: Math.round(monthRows / (csv.p50 / 1000)),
    csvYear: year,
    goalMs: GOAL_MS,
    salesReportMeetsGoal: report.p95 < GOAL_MS,
    csvMeetsGoal: csv.p95 < GOAL_MS,
    plan,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.table({
    'sales report, month': { p50: report.p50, p95: report.p95, goal: GOAL_MS, met: result.salesReportMeetsGoal },
    'CSV export, month (last byte)': { p50: csv.p50, p95: csv.p95, goal: GOAL_MS, met: result.csvMeetsGoal },
    'CSV export, month (first byte)': { p50: csvFirstByte.p50, p95: csvFirstByte.p95, goal: '', met: '' },
  });
  log(
    `month: ${monthRows.toLocaleString('en')} lines; year's report ${result.salesReportYearMs} ms` +
      (year
        ? `; year's CSV ${year.rows.toLocaleString('en')} rows, ${(year.bytes / 1e6).toFixed(1)} MB in ${year.ms} ms (${year.rowsPerSecond.toLocaleString('en')} rows/s, ${year.chunks} chunks)`
        : ''),
  );
  log(plan.join('\n'));
  log(`→ ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await stack?.stop();
  pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
