// Account export of a large library under hosted's Edge Function limits.
// An embedded stack in this process on a throwaway PGlite database (no seed), the function
// runner enforcing hosted's limits (256 MB per worker, 2 s CPU per request, 150 s wall clock;
// FUNCTIONS_* to change them, backend/src/functions/limits.ts). One member owns N patterns
// (default 500), each with an A4 file made by the seed's pattern generator. Measures
//   after:  the export as the account page runs it (shared/src/account/exportArchive.ts, the
//           same module): POST /export (the plan), N × POST /download (stamped copies,
//           --concurrency at a time, as the page), client-zip packing, the upload to the signed
//           URL, POST /export {step: mail}. Total time; each call's time; each worker's peak
//           memory (RSS and RssAnon, which the limit reads) sampled every 50 ms; CPU per call
//           (the worker's JavaScript thread, /proc; exact in a sequential pass of --probe calls).
//   before (--before <rev>): the old export that stamped and zipped everything in one call, run
//           from that revision's supabase/functions by this runner under the same limits (and
//           again with no limits, --before-unlimited, to see what it would need).
// Prints tables and writes bench/results/functions-export.json (runs under other labels stay).
//   cd bench && pnpm run bench:export -- \
//     [--patterns 500] [--pages 8] [--concurrency 3] [--probe 20] [--before 4cb57e8 [--before-unlimited]] [--label latest]
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from '../../backend/src/stack.ts';
import { createFunctions } from '../../backend/src/functions/index.ts';
import { functionLimitsFromEnv, type FunctionLimits } from '../../backend/src/functions/limits.ts';
import { buildExportArchive, mailExportLink, startExport, tokenTransport, type ExportTransport } from '../../shared/src/account/exportArchive.ts';
import * as kit from '../../shared/src/testing/kit.ts';
import { makePatternPdf } from '../../supabase/seed/assets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..', '..');
const resultsFile = path.join(here, '..', 'results', 'functions-export.json');
const arg = (name: string) => process.argv.find((_, i) => process.argv[i - 1] === `--${name}`);
const flag = (name: string) => process.argv.includes(`--${name}`);
const PATTERNS = Number(arg('patterns') ?? 500);
const PAGES = Number(arg('pages') ?? 8);
const CONCURRENCY = Number(arg('concurrency') ?? 3);
const PROBE = Number(arg('probe') ?? 20);
const BEFORE = arg('before');
const LABEL = arg('label') ?? 'latest';

const quiet = {
  info: () => undefined,
  error: (service: string, message: string) => {
    if (/limit/i.test(message)) console.error(`[${service}] ${message}`);
  },
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-export-'));
const cleanup: Array<() => Promise<void> | void> = [() => fs.rmSync(dataDir, { recursive: true, force: true })];

const round = (n: number) => Math.round(n * 10) / 10;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
};
const summary = (values: number[]) => ({ n: values.length, p50: round(pct(values, 50)), p95: round(pct(values, 95)), max: round(Math.max(0, ...values)) });
const TICK_MS = 1000 / 100; // USER_HZ

/** Deno workers started by this process: pid → function name. */
function workers(): Map<number, string> {
  const found = new Map<number, string>();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (args.some((a) => a.endsWith('deno-worker.ts'))) found.set(Number(pid), args.at(-1)!);
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}
/** The worker's JavaScript thread's CPU time (ms): what the runner charges to calls. */
function threadCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
const pidOf = (name: string) => [...workers()].find(([, n]) => n === name)?.[0];

interface WorkerFigures {
  /** workers of the function seen during the run (a worker takes no new call after half its wall clock) */
  workers: number;
  rss_mib: number;
  rss_anon_mib: number;
  /** CPU time of the workers' JavaScript threads during the run, summed over the workers */
  cpu_ms: number;
}

/** Per function while `run` runs, sampled every 50 ms: peak RSS / RssAnon (MiB) of any of its workers, their CPU. */
async function sampled<T>(run: () => Promise<T>): Promise<{ result: T; peak: Record<string, WorkerFigures> }> {
  const seen = new Map<number, { name: string; first: number; last: number; rss: number; anon: number }>();
  for (const [pid, name] of workers()) seen.set(pid, { name, first: threadCpuMs(pid), last: threadCpuMs(pid), rss: 0, anon: 0 });
  const sample = () => {
    for (const [pid, name] of workers()) {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        const rss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
        const anon = Number(/^RssAnon:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
        const entry = seen.get(pid) ?? { name, first: 0, last: 0, rss: 0, anon: 0 }; // a worker started during the run: all its CPU counts
        entry.last = Math.max(entry.last, threadCpuMs(pid));
        entry.rss = Math.max(entry.rss, rss);
        entry.anon = Math.max(entry.anon, anon);
        seen.set(pid, entry);
      } catch {
        /* ended meanwhile */
      }
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run();
    sample();
    const peak: Record<string, WorkerFigures> = {};
    for (const entry of seen.values()) {
      if (entry.rss === 0) continue; // not sampled during the run
      const p = (peak[entry.name] ??= { workers: 0, rss_mib: 0, rss_anon_mib: 0, cpu_ms: 0 });
      p.workers++;
      p.rss_mib = Math.max(p.rss_mib, Math.round(entry.rss));
      p.rss_anon_mib = Math.max(p.rss_anon_mib, Math.round(entry.anon));
      p.cpu_ms = round(p.cpu_ms + entry.last - entry.first);
    }
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** A transport that times every call and counts the answers by status. */
function timed(inner: ExportTransport) {
  const calls: Record<string, number[]> = {};
  const statuses: Record<string, number> = {};
  const time = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      const value = await run();
      statuses[`${name} 200`] = (statuses[`${name} 200`] ?? 0) + 1;
      return value;
    } catch (err) {
      const status = (err as { status?: number }).status ?? 'error';
      statuses[`${name} ${status}`] = (statuses[`${name} ${status}`] ?? 0) + 1;
      throw err;
    } finally {
      (calls[name] ??= []).push(performance.now() - started);
    }
  };
  const transport: ExportTransport = {
    exportCall: (body) => time((body as { step?: string }).step === 'mail' ? 'export (mail)' : 'export (plan)', () => inner.exportCall(body)),
    download: (pattern, signal) => time('download', () => inner.download(pattern, signal)),
  };
  return { transport, calls, statuses };
}

async function library(s: Stack) {
  const backend = { url: s.url, anonKey: s.anonKey, serviceRoleKey: s.serviceRoleKey };
  const designer = await kit.signedInPerson(backend, `designer-${Date.now()}@bench.test`, 'Bench-designer-9', { display_name: 'Mira Okafor' });
  const buyer = await kit.signedInPerson(backend, `maker-${Date.now()}@bench.test`, 'Bench-maker-9', { display_name: 'Zoë Exporter' });
  const original = await makePatternPdf({
    title: 'Juniper Wrap Dress',
    designer: 'Mira Okafor',
    format: 'a4',
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    pages: PAGES,
  });
  const sha = crypto.createHash('sha256').update(original).digest('hex');
  const [store] = (
    await s.pool.query(
      `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values ($1, $2, 'designer', 'Bench Patterns', 'EUR', 'pro', 'IE') returning id`,
      [designer.id, `bench-${Date.now().toString(36)}`],
    )
  ).rows as Array<{ id: string }>;
  const ids = (
    await s.pool.query(
      `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency, cover_path)
     select $1, 'Pattern ' || lpad(i::text, 4, '0'), 'sewing', 'dresses', 'published', 1200, 'EUR', 'cover.png' from generate_series(1, $2) i returning id`,
      [store!.id, PATTERNS],
    )
  ).rows.map((r) => r.id as string);
  const storage = kit.serviceClient(backend).storage.from('pattern-files');
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(
      ids.slice(i, i + 8).map(async (id) => {
        const { error } = await storage.upload(`${store!.id}/${id}/a4/v1.pdf`, original, { contentType: 'application/pdf', upsert: true });
        if (error) throw error;
      }),
    );
  }
  await s.pool.query(
    `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256)
     select id, $1::uuid, 'a4', 1, $1::text || '/' || id || '/a4/v1.pdf', $2, $3 from unnest($4::uuid[]) id`,
    [store!.id, original.byteLength, sha, ids],
  );
  const [order] = (
    await s.pool.query(
      `insert into public.orders (buyer_id, buyer_email, status, currency, subtotal_cents, total_cents) values ($1, $2, 'paid', 'EUR', $3, $3) returning id`,
      [buyer.id, buyer.email, 1200 * PATTERNS],
    )
  ).rows as Array<{ id: string }>;
  await s.pool.query(
    `insert into public.order_items (order_id, pattern_id, store_id, unit_price_cents, currency) select $1, id, $2, 1200, 'EUR' from unnest($3::uuid[]) id`,
    [order!.id, store!.id, ids],
  );
  const owned = (await s.pool.query(`select count(*)::int as n from public.entitlements where user_id = $1 and revoked_at is null`, [buyer.id])).rows[0]
    .n as number;
  if (owned !== PATTERNS) throw new Error(`the buyer owns ${owned} patterns, expected ${PATTERNS}`);
  return { buyer, originalBytes: original.byteLength };
}

async function after(s: Stack, buyer: { token: string }) {
  const { transport, calls, statuses } = timed(tokenTransport(s.url, s.anonKey, () => buyer.token));
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      steps[name] = round(performance.now() - started);
    }
  };
  const { result, peak } = await sampled(async () => {
    const started = performance.now();
    const plan = await step('plan', () => startExport(transport));
    const archive = await step('stamp_and_zip', () => buildExportArchive(plan, transport, { concurrency: CONCURRENCY }));
    await step('upload', async () => {
      const { error } = await kit
        .anonClient(s)
        .storage.from(plan.upload.bucket)
        .uploadToSignedUrl(plan.upload.path, plan.upload.token, archive.zip, { contentType: 'application/zip' });
      if (error) throw error;
    });
    const mailed = await step('mail', () => mailExportLink(transport, plan, archive));
    return { total_ms: round(performance.now() - started), plan, archive, mailed };
  });
  const callsOf = (name: string) =>
    name === 'download' ? (calls.download?.length ?? 0) : (calls['export (plan)']?.length ?? 0) + (calls['export (mail)']?.length ?? 0);
  const cpuPerCall = Object.fromEntries(Object.entries(peak).map(([name, p]) => [name, round(p.cpu_ms / Math.max(1, callsOf(name)))]));
  return {
    total_ms: result.total_ms,
    steps_ms: steps,
    patterns_in_zip: result.archive.included,
    not_included: result.archive.notIncluded.length,
    zip_mib: round(result.archive.zip.size / 1024 / 1024),
    plan_json_kib: round(JSON.stringify(result.plan).length / 1024),
    mailed: result.mailed.mailed,
    calls_ms: Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, summary(v)])),
    statuses,
    workers: peak,
    cpu_per_call_ms: cpuPerCall,
  };
}

/** Sequential downloads, each with the worker's CPU read before and after: CPU per call, exactly. */
async function probe(s: Stack, buyer: { token: string }, patternIds: string[]) {
  const t = tokenTransport(s.url, s.anonKey, () => buyer.token);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (const pattern_id of patternIds) {
    const pid = pidOf('download');
    const before = pid ? threadCpuMs(pid) : 0;
    const started = performance.now();
    await t.download({ pattern_id, format: 'a4' }, new AbortController().signal);
    wall.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 30)); // let the thread's counters settle
    if (pid) cpu.push(threadCpuMs(pid) - before);
  }
  return { wall_ms: summary(wall), cpu_ms: summary(cpu) };
}

/** The old export (one call stamps and zips everything) from `rev`'s functions, run by this runner. */
async function before(s: Stack, buyer: { token: string }, rev: string, limits: Partial<FunctionLimits>) {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-export-before-'));
  cleanup.push(() => fs.rmSync(tree, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git -C "${repo}" archive ${rev} supabase/functions supabase/package.json shared/src | tar -x -C "${tree}"`]);
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(tree, 'node_modules'));
  fs.symlinkSync(path.join(repo, 'supabase', 'node_modules'), path.join(tree, 'supabase', 'node_modules'));
  fs.symlinkSync(path.join(repo, 'shared', 'node_modules'), path.join(tree, 'shared', 'node_modules'));
  const functions = createFunctions(
    { config: s.config, pool: s.pool, mail: s.mailer, log: quiet },
    {
      functionsDir: path.join(tree, 'supabase', 'functions'),
      configPath: path.join(repo, 'supabase', 'config.toml'),
      limits,
    },
  );
  try {
    const { result, peak } = await sampled(async () => {
      const started = performance.now();
      const res = await functions.app.fetch(
        new Request('http://bench/export', { method: 'POST', headers: { apikey: s.anonKey, authorization: `Bearer ${buyer.token}` } }),
      );
      const body = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        ms: round(performance.now() - started),
        bytes: body.byteLength,
        body: res.headers.get('content-type')?.includes('json') ? new TextDecoder().decode(body).slice(0, 200) : undefined,
      };
    });
    return {
      revision: rev,
      limits,
      status: result.status,
      total_ms: result.ms,
      answer_mib: round(result.bytes / 1024 / 1024),
      answer: result.body,
      worker: peak['export'] ?? null,
    };
  } finally {
    await functions.stop();
  }
}

let stack: Stack | undefined;
try {
  const limits = functionLimitsFromEnv();
  console.log(
    `limits: memory ${limits.memoryMb} MB, CPU ${limits.cpuMs} ms a request, wall clock ${limits.wallClockMs / 1000} s; ${PATTERNS} patterns of ${PAGES} A4 pages`,
  );
  stack = await startStack({ dataDir, port: 0, seed: false, log: quiet, apiExternalUrl: 'http://127.0.0.1:{port}' });
  const s = stack;
  const setupStarted = performance.now();
  const { buyer, originalBytes } = await library(s);
  console.log(`library of ${PATTERNS} set up in ${Math.round((performance.now() - setupStarted) / 1000)} s (original PDF ${round(originalBytes / 1024)} KiB)`);

  const result: Record<string, unknown> = {
    label: LABEL,
    at: new Date().toISOString(),
    load_average: os.loadavg().map((l) => round(l)),
    cpus: os.cpus().length,
    limits,
    patterns: PATTERNS,
    pages: PAGES,
    original_kib: round(originalBytes / 1024),
    concurrency: CONCURRENCY,
  };
  result.after = await after(s, buyer);
  const ids = (await s.pool.query(`select pattern_id from public.entitlements where user_id = $1 limit $2`, [buyer.id, PROBE])).rows.map(
    (r) => r.pattern_id as string,
  );
  result.download_sequential = await probe(s, buyer, ids);
  if (BEFORE) {
    result.before = await before(s, buyer, BEFORE, {});
    if (flag('before-unlimited')) result.before_unlimited = await before(s, buyer, BEFORE, { memoryMb: 0, cpuMs: 0, wallClockMs: 0 });
  }
  console.log(JSON.stringify(result, null, 2));

  const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { runs?: Array<{ label: string }> }) : {};
  const runs = (previous.runs ?? []).filter((r) => r.label !== LABEL);
  fs.writeFileSync(resultsFile, `${JSON.stringify({ runs: [...runs, result] }, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await stack?.stop();
  for (const fn of cleanup.reverse()) await fn();
}
