// Storage upload benchmark: a 150 MiB pattern PDF uploaded to the embedded backend as a
// multipart form (what storage-js sends for a Blob) and as a raw body, 3 runs each. The
// backend runs as a process of its own (backend/test/fixtures/crash/stack-process.ts) so its
// peak memory (VmHWM) is its own: uploads stream to disk, so it must not grow by the file size.
// Prints a table and writes bench/results/storage-upload.json.
//   npx tsx bench/storage/upload.ts [--mib 150] [--runs 3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const backendDir = path.join(here, '..', '..', 'backend');
const resultsFile = path.join(here, '..', 'results', 'storage-upload.json');
const arg = (name: string) => process.argv.find((a, i) => process.argv[i - 1] === `--${name}`);
const MIB = Number(arg('mib') ?? 150);
const RUNS = Number(arg('runs') ?? 3);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-upload-'));
const env = { ...process.env };
delete env.STITCHHOUSE_TEST_DATABASE;
const child = spawn(process.execPath, ['--import', 'tsx', path.join(backendDir, 'test', 'fixtures', 'crash', 'stack-process.ts'), dataDir], {
  cwd: backendDir,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const info = await new Promise<{ url: string; serviceRoleKey: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`backend exited (${code})`)));
  });
  const peakMiB = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
  const auth = { apikey: info.serviceRoleKey, authorization: `Bearer ${info.serviceRoleKey}` };
  const bucket = await fetch(`${info.url}/storage/v1/bucket`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (!bucket.ok) throw new Error(`bucket: ${bucket.status} ${await bucket.text()}`);
  const bytes = new Uint8Array(MIB * 1024 * 1024);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  const idleMiB = peakMiB();

  const time = async (kind: 'multipart' | 'raw', run: number): Promise<number> => {
    let body: BodyInit;
    const headers: Record<string, string> = { ...auth, 'x-upsert': 'true' };
    if (kind === 'multipart') {
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('', new Blob([bytes], { type: 'application/pdf' }), 'pattern.pdf');
      body = form;
    } else {
      headers['content-type'] = 'application/pdf';
      body = bytes;
    }
    const started = performance.now();
    const res = await fetch(`${info.url}/storage/v1/object/bench/${kind}-${run}.pdf`, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`${kind} upload: ${res.status} ${await res.text()}`);
    return performance.now() - started;
  };

  const result: Record<string, unknown> = {
    bench: 'storage-upload',
    description: `${MIB} MiB PDF uploaded ${RUNS}× as multipart form and as raw body to the embedded backend (PGlite); backend peak RSS (VmHWM) from its own process`,
    date: new Date().toISOString().slice(0, 10),
    file_mib: MIB,
    idle_peak_rss_mib: Math.round(idleMiB),
  };
  for (const kind of ['multipart', 'raw'] as const) {
    const ms: number[] = [];
    for (let run = 0; run < RUNS; run++) ms.push(await time(kind, run));
    ms.sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)]!;
    result[kind] = { median_ms: Math.round(median), mib_per_s: Number((MIB / (median / 1000)).toFixed(1)), peak_rss_mib_after: Math.round(peakMiB()) };
    console.log(
      `${kind.padEnd(9)} median ${(median / 1000).toFixed(2)} s (${(MIB / (median / 1000)).toFixed(1)} MiB/s), backend peak RSS ${Math.round(peakMiB())} MiB (idle ${Math.round(idleMiB)} MiB)`,
    );
  }
  result.peak_rss_growth_mib = Math.round(peakMiB() - idleMiB);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, JSON.stringify(result, null, 2) + '\n');
  console.log(`written ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
