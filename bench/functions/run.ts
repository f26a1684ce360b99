// Functions runner benchmark: what running supabase/functions under Deno costs.
// The embedded stack in this process on a throwaway PGlite database, no seed. Measures
//   1. first call of each function: its Deno worker starts (module graph, npm packages from
//      node_modules) and answers a GET with the anon key (whatever the handler makes of it:
//      404/405/400/401, never a 5xx; the gateway itself answers CORS preflights, so not those);
//   2. warm round trip: sequential GET /newsletter (the handler's 404 for a missing action: no
//      database work) — gateway, JWT check, worker and back;
//   3. 50 concurrent such calls (at most FUNCTIONS_MAX_CONCURRENT run at once);
//   4. memory: resident size of each worker after its first call.
// Prints a table and writes bench/results/functions.json (runs under other labels stay).
//   NODE_OPTIONS=--experimental-websocket npx tsx functions/run.ts [--warm 200] [--label latest]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from '../../backend/src/stack.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, '..', 'results', 'functions.json');
const functionsDir = path.join(here, '..', '..', 'supabase', 'functions');
const arg = (name: string) => process.argv.find((_, i) => process.argv[i - 1] === `--${name}`);
const WARM = Number(arg('warm') ?? 200);
const LABEL = arg('label') ?? 'latest';

const quiet = { info: () => undefined, error: () => undefined };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-functions-'));
let stack: Stack | undefined;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;
const summary = (values: number[]) => ({
  n: values.length,
  p50_ms: round(pct(values, 50)),
  p95_ms: round(pct(values, 95)),
  max_ms: round(Math.max(...values)),
});

/** Resident memory (MiB) of the Deno workers of this process, by function name. */
function workerMemory(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (!args.some((a) => a.endsWith('deno-worker.ts'))) continue;
      found[args.at(-1)!] = Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)![1]) / 1024);
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}

try {
  stack = await startStack({ dataDir, port: 0, seed: false, log: quiet, apiExternalUrl: 'http://127.0.0.1:{port}' });
  const s = stack;
  const names = fs
    .readdirSync(functionsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && fs.existsSync(path.join(functionsDir, e.name, 'index.ts')))
    .map((e) => e.name);
  const call = async (name: string) => {
    const started = performance.now();
    const res = await fetch(`${s.url}/functions/v1/${name}`, { headers: { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}` } });
    await res.arrayBuffer();
    if (res.status >= 500) throw new Error(`${name}: GET answered ${res.status}`);
    return performance.now() - started;
  };

  const firstCall: Record<string, number> = {};
  for (const name of names) firstCall[name] = round(await call(name));
  const memory = workerMemory();

  const target = names.includes('newsletter') ? 'newsletter' : names[0]!;
  for (let i = 0; i < 10; i++) await call(target);
  const warm: number[] = [];
  for (let i = 0; i < WARM; i++) warm.push(await call(target));

  const burstStarted = performance.now();
  const burst = await Promise.all(Array.from({ length: 50 }, () => call(target)));
  const burstMs = performance.now() - burstStarted;

  const result = {
    label: LABEL,
    at: new Date().toISOString(),
    load_average: os.loadavg().map((l) => Math.round(l * 10) / 10),
    cpus: os.cpus().length,
    first_call_ms: firstCall,
    first_call: summary(Object.values(firstCall)),
    warm_call: { function: target, ...summary(warm) },
    concurrent_50: { total_ms: round(burstMs), ...summary(burst) },
    worker_rss_mib: memory,
    worker_rss_total_mib: Object.values(memory).reduce((a, b) => a + b, 0),
  };
  console.table(firstCall);
  console.table({ first_call: result.first_call, warm_call: result.warm_call, concurrent_50: result.concurrent_50 });
  console.log(`workers' resident memory (MiB): ${JSON.stringify(memory)}; load average ${result.load_average.join(' ')}`);

  const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { runs?: Array<{ label: string }> }) : {};
  const runs = (previous.runs ?? []).filter((r) => r.label !== LABEL);
  fs.writeFileSync(resultsFile, `${JSON.stringify({ runs: [...runs, result] }, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
