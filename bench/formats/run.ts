// Every print format from one master: one and ten A0 sheets with twelve size layers →
// A4 + US Letter + copy shop (A0 + 36-inch roll) + projector (+ dark), step by step as the
// pattern-formats function runs them (check, then one format a call: each call parses the master
// again), with each step's wall time and CPU time (hosted allows 2 s of CPU a call) and the peak
// RSS of the process doing it (hosted allows 256 MB a worker). Goals: < 10 s and < 256 MB for ten
// sheets. Then a stamped A4 download of ~60 pages for some sizes (layers switched, tiles left
// out, every page stamped): p95 < 300 ms.
// Run: cd bench && node_modules/.bin/tsx formats/run.ts [--runs 30]
// Each case runs in its own process (peak RSS is per process); writes bench/results/formats.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeMasterPdf } from '../../supabase/seed/assets/master-pdf.ts';
import { inkOf, readMaster } from '../../supabase/functions/_shared/master.ts';
import { generateFormat, GENERATED_FORMATS } from '../../supabase/functions/_shared/print-formats.ts';
import { keepPages, showOnlyLayers } from '../../supabase/functions/_shared/layers.ts';
import { stampPdf } from '../../supabase/functions/_shared/stamp.ts';
import { layersOn, matchLayers, pagesNeeded, planHomeTiles, sizeLayersOf, inkOnTile, type ManifestPage } from '../../shared/src/catalog/tiling.ts';

const SIZES = ['0', '2', '4', '6', '8', '10', '12', '14', '16', '18', '20', '22'];
const GOAL = { seconds: 10, mib: 256, download_p95_ms: 300 };
const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};

/** A designer's master: pieces drawn with 40 curve segments a side (a heavier file than the seed's). */
const master = (sheets: number) => makeMasterPdf({ title: 'Juniper Wrap Dress', sizes: SIZES, sheets, detail: 40 });

function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return Math.round((d.user + d.system) / 1000);
}

/** One case, in this process: every step the function runs, timed. */
async function runCase(sheets: number) {
  const bytes = await master(sheets);
  const steps: { step: string; wall_ms: number; cpu_ms: number; pages?: number; bytes?: number }[] = [];
  const started = performance.now();
  {
    const t = performance.now(),
      c = process.cpuUsage();
    const m = await readMaster(bytes);
    const ink = inkOf(m);
    matchLayers(m.layers, SIZES);
    const pages = 1 + m.sheets.reduce((sum, s, i) => sum + planHomeTiles(s, 'a4', i).tiles.filter((tile) => inkOnTile(tile.window, ink[i]!)).length, 0);
    steps.push({ step: 'check', wall_ms: Math.round(performance.now() - t), cpu_ms: cpuMs(c), pages });
  }
  for (const format of GENERATED_FORMATS) {
    const t = performance.now(),
      c = process.cpuUsage();
    const m = await readMaster(bytes);
    const ink = format === 'a4' || format === 'us_letter' ? inkOf(m) : null;
    const files = await generateFormat(m, ink, format, 'Juniper Wrap Dress', matchLayers(m.layers, SIZES));
    steps.push({
      step: format,
      wall_ms: Math.round(performance.now() - t),
      cpu_ms: cpuMs(c),
      pages: files[0]!.pages,
      bytes: files.reduce((s, f) => s + f.bytes.byteLength, 0),
    });
  }
  const total = performance.now() - started;
  return {
    sheets,
    master_bytes: bytes.byteLength,
    total_s: Number((total / 1000).toFixed(2)),
    steps,
    peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A stamped A4 download for sizes 4 and 6 of a three-sheet master's tiles. */
async function runDownload(runs: number) {
  const m = await readMaster(await master(3));
  const matches = matchLayers(m.layers, SIZES);
  const [a4] = await generateFormat(m, inkOf(m), 'a4', 'Juniper Wrap Dress', matches);
  const manifest = a4!.manifest as ManifestPage[];
  const sizes = ['4', '6'];
  const keep = pagesNeeded(manifest, sizeLayersOf(matches, sizes));
  const on = layersOn(matches, sizes);
  const times: number[] = [];
  let pages = 0;
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now();
    const out = await stampPdf(a4!.bytes, { buyerName: `Buyer ${i}`, orderNumber: `SH-${100000 + i}` }, (doc) => {
      keepPages(doc, keep);
      showOnlyLayers(doc, on);
    });
    if (i >= 3) times.push(performance.now() - t);
    pages = out.byteLength > 0 ? keep.length : 0;
  }
  times.sort((a, b) => a - b);
  const full = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await stampPdf(a4!.bytes, { buyerName: `Buyer ${i}`, orderNumber: `SH-${200000 + i}` });
    full.push(performance.now() - t);
  }
  full.sort((a, b) => a - b);
  return {
    file_pages: manifest.length,
    pages_for_sizes: pages,
    sizes,
    runs,
    for_sizes: { median_ms: Number(percentile(times, 50).toFixed(1)), p95_ms: Number(percentile(times, 95).toFixed(1)) },
    every_size: { median_ms: Number(percentile(full, 50).toFixed(1)), p95_ms: Number(percentile(full, 95).toFixed(1)) },
    peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

const only = arg('case', '');
if (only) {
  // a child: one case, its figures on stdout
  const result = only === 'download' ? await runDownload(Number(arg('runs', '30'))) : await runCase(Number(only));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const child = (name: string) => {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--case', name, '--runs', arg('runs', '30')], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (r.status !== 0) throw new Error(`case ${name} failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  };
  const one = child('1');
  const ten = child('10');
  const download = child('download');
  const result = {
    bench: 'formats',
    description:
      'pattern-formats steps (check, then one format a call, each parsing the master again) in one Node process per case: wall and CPU time per step, peak RSS of the process; a stamped A4 download for two sizes (tiles left out, layers switched) p95',
    goal: GOAL,
    one_sheet: one,
    ten_sheets: ten,
    download,
    meets_goal: ten.total_s < GOAL.seconds && ten.peak_rss_mib < GOAL.mib && download.for_sizes.p95_ms < GOAL.download_p95_ms,
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    recorded_at: new Date().toISOString(),
  };
  for (const c of [one, ten]) {
    console.log(
      `${c.sheets} A0 sheet${c.sheets === 1 ? '' : 's'}, 12 layers (${(c.master_bytes / 1024).toFixed(0)} KiB): ${c.total_s} s in all, peak RSS ${c.peak_rss_mib} MiB`,
    );
    for (const s of c.steps)
      console.log(
        `  ${s.step.padEnd(10)} ${String(s.wall_ms).padStart(6)} ms wall, ${String(s.cpu_ms).padStart(6)} ms CPU${s.pages ? `, ${s.pages} pages` : ''}`,
      );
  }
  console.log(
    `stamped A4 download, sizes ${download.sizes.join(' + ')}: ${download.pages_for_sizes} of ${download.file_pages} pages, median ${download.for_sizes.median_ms} ms, p95 ${download.for_sizes.p95_ms} ms (every size: p95 ${download.every_size.p95_ms} ms)`,
  );
  console.log(result.meets_goal ? 'goals met' : 'OVER GOAL');
  const out = join(here, '..', 'results', 'formats.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${out}`);
}
