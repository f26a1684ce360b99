#!/usr/bin/env node
// The whole test suite, as CI runs it: installs what is missing (pnpm into .tools/,
// dependencies, Debian's Chromium), type-checks, runs every package's Vitest suite,
// then the browser tests in e2e/. Exits non-zero on the first failing step.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureDependencies, envWithTools, ensurePnpm, log, root } from './tools.mjs';

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

function step(title, args) {
  log(`${title}… (${seconds()})`);
  const r = spawnSync(ensurePnpm(), args, {
    cwd: root,
    stdio: 'inherit',
    env: envWithTools({ CI: process.env.CI ?? 'true', NODE_OPTIONS: '--experimental-websocket' }),
  });
  if (r.status !== 0) {
    log(`✗ ${title} failed (exit ${r.status}) after ${seconds()}`);
    process.exit(r.status ?? 1);
  }
  log(`✓ ${title} (${seconds()})`);
}

/** A repository check run with node (no pnpm): the import rules, the generated database types. */
function check(title, script, args = []) {
  log(`${title}… (${seconds()})`);
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit', env: envWithTools({ CI: process.env.CI ?? 'true' }) });
  if (r.status !== 0) {
    log(`✗ ${title} failed (exit ${r.status}) after ${seconds()}`);
    process.exit(r.status ?? 1);
  }
  log(`✓ ${title} (${seconds()})`);
}

ensureDependencies();
ensureChromium();
check('import rules (dependency-cruiser, .dependency-cruiser.cjs)', 'scripts/check-boundaries.mjs');
check('generated database types match the migrations', 'scripts/gen-db-types.mjs', ['--check']);
step('type-check every package', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']);
step('unit and integration tests', ['-r', '--workspace-concurrency=1', '--filter', '!@stitchhouse/e2e', 'run', 'test']);
step('build every app', ['-r', '--parallel', '--filter', './shell', '--filter', './mf-*', 'run', 'build']);
step('browser tests (Chromium)', ['--filter', '@stitchhouse/e2e', 'run', 'test']);
log(`all tests passed in ${seconds()}`);
