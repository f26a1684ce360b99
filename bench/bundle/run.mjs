#!/usr/bin/env node
// Bundle benchmark: production build, then headless Chromium loads `/` and we sum the
// gzip size of every JS file the first paint needed, plus each remote's remoteEntry.js.
// Goals: first paint of `/` < 130 KB gzipped JS; each remote entry < 20 KB.
//   node bench/bundle/run.mjs [--no-build]
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { APPS, buildApps } from '../../scripts/build-apps.mjs';
import { serveApps } from '../../scripts/serve-apps.mjs';

const GOAL_FIRST_PAINT_KB = 130;
const GOAL_REMOTE_ENTRY_KB = 20;
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const root = join(import.meta.dirname, '..', '..');
const kb = (bytes) => bytes / 1024;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

if (!process.argv.includes('--no-build')) await buildApps({});

const apps = await serveApps({ ports: 'free', supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'bench' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  const page = await (await browser.newContext()).newPage();
  // When did the home page's heading first exist? Scripts requested after that (e.g.
  // supabase-js, loaded by effects once the page is on screen) are not first-paint JS.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('main h1')) {
        window.__firstPaintAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), body);
  });
  await page.goto(`${apps.urls.shell}/`, { waitUntil: 'load' });
  // First paint of `/`: the home page's heading is on screen.
  await page.waitForSelector('main h1', { timeout: 60_000 });
  await page.waitForLoadState('networkidle');

  const startedBeforePaint = new Set(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' && e.startTime < window.__firstPaintAt)
        .map((e) => e.name),
    ),
  );
  const afterPaint = [...scripts.keys()].filter((url) => !startedBeforePaint.has(url)).map((url) => new URL(url).pathname.slice(1));
  for (const url of [...scripts.keys()]) if (!startedBeforePaint.has(url)) scripts.delete(url);
  const firstPaint = [...scripts].map(([url, body]) => ({ file: new URL(url).pathname.slice(1), raw: body.length, gzip: gz(body) }));
  firstPaint.sort((a, b) => b.gzip - a.gzip);
  const firstPaintGzip = firstPaint.reduce((sum, f) => sum + f.gzip, 0);

  const remotes = APPS.filter((app) => app.name !== 'shell').map(({ folder }) => {
    const body = readFileSync(join(root, folder, 'dist', 'remoteEntry.js'));
    return { remote: folder, raw: body.length, gzip: gz(body) };
  });

  console.log('\nFirst paint of / (JS the browser loaded before the home heading showed)');
  console.log('  file'.padEnd(48) + 'raw KB'.padStart(10) + 'gzip KB'.padStart(10));
  for (const f of firstPaint) console.log(`  ${f.file}`.padEnd(48) + kb(f.raw).toFixed(1).padStart(10) + kb(f.gzip).toFixed(1).padStart(10));
  console.log(`  TOTAL (${firstPaint.length} files)`.padEnd(58) + kb(firstPaintGzip).toFixed(1).padStart(10) + `   goal < ${GOAL_FIRST_PAINT_KB}`);
  console.log(`  (loaded after first paint, not counted: ${afterPaint.join(', ') || 'none'})`);
  console.log('\nRemote entries (remoteEntry.js)');
  for (const r of remotes)
    console.log(`  ${r.remote}`.padEnd(48) + kb(r.raw).toFixed(1).padStart(10) + kb(r.gzip).toFixed(1).padStart(10) + `   goal < ${GOAL_REMOTE_ENTRY_KB}`);

  const result = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    chromium: browser.version(),
    loadedAfterFirstPaint: afterPaint,
    firstPaint: {
      files: firstPaint,
      gzipBytes: firstPaintGzip,
      gzipKB: +kb(firstPaintGzip).toFixed(1),
      goalKB: GOAL_FIRST_PAINT_KB,
      met: kb(firstPaintGzip) < GOAL_FIRST_PAINT_KB,
    },
    remoteEntries: remotes.map((r) => ({ ...r, gzipKB: +kb(r.gzip).toFixed(1), goalKB: GOAL_REMOTE_ENTRY_KB, met: kb(r.gzip) < GOAL_REMOTE_ENTRY_KB })),
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'bundle.json'), JSON.stringify(result, null, 2) + '\n');
  console.log('\nwrote bench/results/bundle.json');
} finally {
  await browser.close();
  await apps.stop();
}
