// Sitemap benchmark: /sitemap.xml and its children with 100,000 generated patterns on
// the embedded stack (PGlite, as `npm start`), through the page server (scripts/serve-apps.mjs)
// reading the backend's REST interface as the anon role, one 1,000-row keyset page at a time.
// Goal: each answer complete in under 2 s. Writes bench/results/sitemap.json.
//   cd bench && NODE_OPTIONS=--experimental-websocket node_modules/.bin/tsx sitemap/run.ts \
//     [--patterns 100000] [--runs 3] [--label latest] [--data-dir /tmp/keep]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, startCatalogStack, stats, writeResults } from '../catalog/catalogStack.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PATTERNS = Number(arg('patterns') ?? 100_000);
const RUNS = Number(arg('runs') ?? 3);
const LABEL = arg('label') ?? 'latest';
const GOAL_MS = 2000;
const log = (msg: string) => console.log(msg);

// The sitemaps need no app build (the static pages' list comes from the shell's boot-plan.json
// when there is one), so the bench runs beside the browser tests without taking their lock.
const { serveApps } = (await import(path.join(here, '..', '..', 'scripts', 'serve-apps.mjs'))) as {
  serveApps(o: object): Promise<{ urls: Record<string, string>; stop(): Promise<void> }>;
};

const catalog = await startCatalogStack({ patterns: PATTERNS, dataDir: arg('data-dir'), log });
const apps = await serveApps({ ports: 'free', supabaseUrl: catalog.stack.url, supabaseAnonKey: catalog.stack.anonKey, siteUrl: 'https://stitchhouse.example' });
try {
  /** One whole answer: time to its last byte, its size and how many addresses it lists. */
  async function fetchAll(url: string) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { ms: performance.now() - started, bytes: text.length, locs: text.split('<loc>').length - 1 };
  }
  const local = (loc: string) => loc.replace('https://stitchhouse.example', apps.urls.shell);
  const index = await (await fetch(`${apps.urls.shell}/sitemap.xml`)).text();
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const files: Record<string, unknown> = {};
  for (const url of [`https://stitchhouse.example/sitemap.xml`, ...children]) {
    const samples: number[] = [];
    let last = { bytes: 0, locs: 0 };
    for (let run = 0; run < RUNS; run++) {
      const result = await fetchAll(local(url));
      samples.push(result.ms);
      last = result;
    }
    const name = url.replace('https://stitchhouse.example', '');
    const latency = stats(samples);
    files[name] = { ...latency, urls: last.locs, bytes: last.bytes, underGoal: latency.max < GOAL_MS };
    log(`${name.padEnd(28)} ${String(last.locs).padStart(6)} URLs  ${(last.bytes / 1e6).toFixed(1)} MB  p50 ${latency.p50} ms  max ${latency.max} ms`);
  }
  // What the page's own head costs a pattern page: the page server reads the pattern, its rating
  // and its newest reviews (scripts/page-facts.mjs) before the first byte; a shell page reads nothing.
  const first = /<loc>(https:\/\/stitchhouse\.example\/patterns\/[^<]+)<\/loc>/.exec(
    await (await fetch(local(children.find((c) => c.includes('/patterns-'))!))).text(),
  )![1]!;
  const firstByte = async (url: string) => {
    const samples: number[] = [];
    for (let run = 0; run < 20; run++) {
      const started = performance.now();
      const response = await fetch(url);
      samples.push(performance.now() - started); // headers: the status and the head wait for the facts
      await response.text();
    }
    return stats(samples);
  };
  const pages = { pattern: await firstByte(local(first)), about: await firstByte(`${apps.urls.shell}/about`) };
  log(`first byte: pattern page p50 ${pages.pattern.p50} ms (p95 ${pages.pattern.p95}), /about p50 ${pages.about.p50} ms`);
  writeResults(
    path.join(here, '..', 'results', 'sitemap.json'),
    LABEL,
    { goalMs: GOAL_MS },
    { patterns: PATTERNS, runs: RUNS, database: 'PGlite', loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 10) / 10), files, firstByteMs: pages },
  );
} finally {
  await apps.stop();
  await catalog.stop();
}
