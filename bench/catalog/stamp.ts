// Stamping time of a 40-page A0 pattern PDF (goal: under 300 ms), as a download would pay it.
// Run: cd bench && node_modules/.bin/tsx catalog/stamp.ts [runs]
// Prints the figures and writes bench/results/catalog-stamp.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stampPdf } from '../../supabase/functions/_shared/stamp.ts';
import { makePatternPdf } from '../../supabase/seed/assets.ts';

// pdf-lib belongs to the supabase package (where stamping lives); resolve it from there.
const { PDFDocument, lineTo, moveTo, stroke } = createRequire(new URL('../../supabase/package.json', import.meta.url))('pdf-lib') as typeof import('pdf-lib');

const GOAL_MS = 300;
const runs = Number(process.argv[2] ?? 30);
const WARMUP = 3;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const original = await makePatternPdf({
  title: 'Juniper Wrap Dress',
  designer: 'Mira Okafor',
  format: 'a0',
  sizes: ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'],
  pages: 40,
});

/** A designer's export is heavier than ours: add ~5,000 distinct path segments to every sheet. */
async function heavyVariant(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const page of doc.getPages()) {
    const ops = [];
    for (let i = 0; i < 5000; i++) ops.push(i % 50 === 0 ? moveTo(random() * 2384, random() * 3370) : lineTo(random() * 2384, random() * 3370));
    page.pushOperators(...ops, stroke());
  }
  return doc.save();
}

async function measure(pdf: Uint8Array, name = (i: number) => `Buyer ${i} Ñúñez`) {
  const times: number[] = [];
  let stampedBytes = 0;
  for (let i = 0; i < WARMUP + runs; i++) {
    const started = performance.now();
    const stamped = await stampPdf(pdf, { buyerName: name(i), orderNumber: `SH-${100000 + i}` });
    const elapsed = performance.now() - started;
    stampedBytes = stamped.length;
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    pages: 40,
    input_bytes: pdf.length,
    output_bytes: stampedBytes,
    median_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    min_ms: round(times[0]!),
    max_ms: round(times[times.length - 1]!),
    meets_goal: percentile(times, 95) < GOAL_MS,
  };
}

// Names outside WinAnsi: drawn in embedded Noto subsets (supabase/functions/_shared/stamp-fonts.ts).
// `first_ms` is the first stamp of the script in this process: it reads and parses the face.
async function measureScript(name: string) {
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  await stampPdf(original, { buyerName: name, orderNumber: 'SH-1' });
  const first = performance.now() - started;
  const rssGrowth = process.memoryUsage().rss - rssBefore;
  return {
    name,
    first_ms: Number(first.toFixed(1)),
    rss_growth_mib: Number((rssGrowth / 2 ** 20).toFixed(1)),
    ...(await measure(original, (i) => `${name} ${i}`)),
  };
}

const demo = await measure(original);
const heavy = await measure(await heavyVariant(original));
const scripts = {
  cyrillic: await measureScript('Ирина Петрова'),
  greek: await measureScript('Γιώργος Παπαδόπουλος'),
  arabic: await measureScript('فاطمة الزهراء'),
  cjk: await measureScript('山田 花子'),
  hangul: await measureScript('김민준'),
};
const result = {
  bench: 'catalog-stamp',
  description:
    "stampPdf on a 40-page A0 pattern PDF, median and p95 of sequential runs after warm-up. demo: the seed generator's A0 file (8 nested sizes per piece); heavy: the same with ~5,000 extra path segments per sheet, like a designer's export",
  goal_ms: GOAL_MS,
  runs,
  demo,
  heavy,
  scripts,
  meets_goal: demo.meets_goal && heavy.meets_goal && Object.values(scripts).every((r) => r.meets_goal),
  node: process.version,
  cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  recorded_at: new Date().toISOString(),
};

for (const [name, r] of [
  ['demo', demo],
  ['heavy', heavy],
] as const) {
  console.log(
    `stamp 40-page A0, ${name} (${(r.input_bytes / 1024).toFixed(0)} KiB): median ${r.median_ms} ms, p95 ${r.p95_ms} ms over ${runs} runs (goal < ${GOAL_MS} ms) ${r.meets_goal ? 'OK' : 'OVER GOAL'}`,
  );
}
for (const [script, r] of Object.entries(scripts)) {
  console.log(
    `stamp 40-page A0, demo, ${script} name "${r.name}": median ${r.median_ms} ms, p95 ${r.p95_ms} ms; first use ${r.first_ms} ms (+${r.rss_growth_mib} MiB RSS) ${r.meets_goal ? 'OK' : 'OVER GOAL'}`,
  );
}
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'catalog-stamp.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written to ${out}`);
