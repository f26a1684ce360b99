#!/usr/bin/env node
// The whole test suite, as CI runs it: installs what is missing (pnpm into .tools/,
// dependencies, Debian's Chromium), type-checks, runs every package's Vitest suite,
// then the browser tests in e2e/. Exits non-zero on the first failing step. Prints the total
// time at the end, and records each step's time, the machine's load and the outcome in
// bench/results/test-suite.json under the label TEST_SUITE_LABEL (default "latest"; other
// labels stay). The backend suite's global setup stops every PostgreSQL server the run started.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureDependencies, envWithTools, ensurePnpm, log, root } from './tools.mjs';

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const loadAtStart = os.loadavg();
/** Each step's wall-clock time, for bench/results/test-suite.json. */
const steps = [];

function timed(title, run) {
  log(`${title}… (${seconds()})`);
  const t = Date.now();
  const loadBefore = os.loadavg()[0];
  const status = run();
  steps.push({ title, seconds: Math.round((Date.now() - t) / 100) / 10, load1Before: round(loadBefore), load1After: round(os.loadavg()[0]) });
  if (status !== 0) {
    log(`✗ ${title} failed (exit ${status}) after ${seconds()}`);
    finish(`failed: ${title}`);
    process.exit(status ?? 1);
  }
  log(`✓ ${title} (${seconds()})`);
}

const round = (n) => Math.round(n * 100) / 100;

/** The total time on the console, and the figures in bench/results/test-suite.json. */
function finish(outcome) {
  const total = (Date.now() - started) / 1000;
  log(`total time ${Math.floor(total / 60)} min ${Math.round(total % 60)} s (${outcome})`);
  const file = path.join(root, 'bench', 'results', 'test-suite.json');
  try {
    const results = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || null;
    results.goal = 'npm test (CI=true node scripts/test.mjs) under 15 minutes on the 2-core machine';
    results.runs ??= {};
    results.runs[process.env.TEST_SUITE_LABEL || 'latest'] = {
      recordedAt: new Date().toISOString(),
      commit,
      outcome,
      totalSeconds: Math.round(total),
      steps,
      machine: { cores: os.cpus().length, node: process.version, ci: process.env.CI ?? null },
      // other work on the machine skews the figure: the 1-minute load average at start and end
      load1: { start: round(loadAtStart[0]), end: round(os.loadavg()[0]) },
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  } catch (err) {
    log(`could not record the times in ${path.relative(root, file)}: ${err.message}`);
  }
}

function step(title, args) {
  timed(
    title,
    () =>
      spawnSync(ensurePnpm(), args, {
        cwd: root,
        stdio: 'inherit',
        env: envWithTools({ CI: process.env.CI ?? 'true', NODE_OPTIONS: '--experimental-websocket' }),
      }).status,
  );
}

/** A repository check run with node (no pnpm): the import rules, unused code, the generated database types. */
function check(title, script, args = []) {
  timed(
    title,
    () => spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit', env: envWithTools({ CI: process.env.CI ?? 'true' }) }).status,
  );
}

ensureDependencies();
ensureChromium();
check('import rules (dependency-cruiser, .dependency-cruiser.cjs)', 'scripts/check-boundaries.mjs');
check('no unused files or exports (knip, knip.config.ts)', 'scripts/check-unused.mjs');
check('lint (ESLint, eslint.config.js)', 'scripts/check-lint.mjs');
check('formatting (Prettier, .prettierrc.json)', 'scripts/check-format.mjs');
check('generated database types match the migrations', 'scripts/gen-db-types.mjs', ['--check']);
check('message catalogs match the code, every language complete (Lingui, lingui.config.js)', 'scripts/i18n.mjs', ['--check']);
check('hosted auth email templates match the auth mail catalog', 'backend/scripts/auth-templates.mjs', ['--check']);
step('type-check every package', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']);
step('unit and integration tests', ['-r', '--workspace-concurrency=1', '--filter', '!@stitchhouse/e2e', 'run', 'test']);
step('build every app', ['-r', '--parallel', '--filter', './shell', '--filter', './mf-*', 'run', 'build']);
step('browser tests (Chromium)', ['--filter', '@stitchhouse/e2e', 'run', 'test']);
log(`all tests passed in ${seconds()}`);
finish('passed');
