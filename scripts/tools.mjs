#!/usr/bin/env node
// Bootstraps the project's own tools on a machine that has only Node and npm:
// pnpm (pinned, installed into .tools/ — no global install, no corepack, which is broken here)
// and Debian's Chromium for browser tests. Run as `node scripts/tools.mjs <cmd...>` to run a
// command with the tools on PATH, or import { ensurePnpm, ensureChromium } from it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pin = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).stitchhouse.pnpm;
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', '.bin', 'pnpm');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function log(msg) {
  process.stdout.write(`\x1b[36m[stitchhouse]\x1b[0m ${msg}\n`);
}

function installedPnpmVersion() {
  if (!existsSync(pnpmBin)) return null;
  const r = spawnSync(pnpmBin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

export function ensurePnpm() {
  if (installedPnpmVersion() === pin) return pnpmBin;
  log(`installing pnpm ${pin} into .tools/ (one time)…`);
  execFileSync('npm', ['install', '--prefix', toolsDir, '--no-save', '--no-audit', '--no-fund', `pnpm@${pin}`], {
    stdio: 'inherit',
  });
  if (installedPnpmVersion() !== pin) throw new Error(`pnpm ${pin} did not install into ${toolsDir}`);
  return pnpmBin;
}

export function envWithTools(extra = {}) {
  const bin = join(toolsDir, 'node_modules', '.bin');
  return { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...extra };
}

export function pnpm(args, opts = {}) {
  const bin = ensurePnpm();
  const r = spawnSync(bin, args, { cwd: root, stdio: 'inherit', env: envWithTools(), ...opts });
  if (r.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed with exit code ${r.status}`);
}

/** Installs the workspace's dependencies when the lockfile or a manifest changed since the last install. */
export function ensureDependencies() {
  log('installing dependencies (pnpm install)…');
  pnpm(['install', '--frozen-lockfile=false', '--reporter=append-only']);
}

/** Debian's Chromium for browser tests; installed with apt when we are root, else a clear message. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is needed for the browser tests but ${CHROMIUM} is missing. Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROMIUM_PATH.',
    );
  }
  log('installing Chromium from Debian (apt-get, one time)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error('apt-get finished but /usr/bin/chromium is still missing');
  return CHROMIUM;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    ensurePnpm();
    process.exit(0);
  }
  ensurePnpm();
  const r = spawnSync(cmd, args, { cwd: process.cwd(), stdio: 'inherit', env: envWithTools() });
  process.exit(r.status ?? 1);
}
