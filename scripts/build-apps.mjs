#!/usr/bin/env node
// Builds the shell and the five remotes, each alone into its own dist/ (with
// mf-manifest.json), in parallel through pnpm, with one progress line per app.
//   node scripts/build-apps.mjs [app-folder…]      e.g. `node scripts/build-apps.mjs mf-auth`
//   import { buildApps, appsNeedingBuild } from './build-apps.mjs'
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePnpm, envWithTools, log, root } from './tools.mjs';
import APPS from '../shared/src/apps.json' with { type: 'json' };

/** Every front-end app (name, folder, port, label): the one list, shared/src/apps.json. */
export { APPS };

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Apps whose dist/ is missing or older than their sources (or the shared package's). */
export function appsNeedingBuild(folders = APPS.map((a) => a.folder)) {
  const sharedNewest = Math.max(newestMtime(join(root, 'shared', 'src')), newestMtime(join(root, 'shared', 'build')));
  return folders.filter((folder) => {
    const dir = join(root, folder);
    const built = join(dir, 'dist', folder === 'shell' ? 'index.html' : 'mf-manifest.json');
    if (!existsSync(built)) return true;
    const builtAt = statSync(built).mtimeMs;
    const sources = Math.max(
      newestMtime(join(dir, 'src')),
      newestMtime(join(dir, 'index.html')),
      newestMtime(join(dir, 'rspack.config.ts')),
      newestMtime(join(dir, 'package.json')),
      sharedNewest,
    );
    return sources > builtAt;
  });
}

/**
 * Builds the given app folders (default: all six) in parallel. Resolves with the
 * seconds each took; rejects naming the apps that failed, with their output.
 */
export function buildApps({ folders = APPS.map((a) => a.folder), quiet = false } = {}) {
  const pnpm = ensurePnpm();
  const filters = folders.flatMap((f) => ['--filter', `./${f}`]);
  const started = Date.now();
  const state = new Map(folders.map((f) => [f, { start: null, output: [] }]));
  if (!quiet) log(`building ${folders.join(', ')}…`);
  return new Promise((resolve, reject) => {
    const child = spawn(pnpm, ['-r', '--parallel', ...filters, 'run', 'build'], {
      cwd: root,
      env: envWithTools({ NODE_OPTIONS: '--no-deprecation' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const results = {};
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        // pnpm prefixes each line with the package's folder: "mf-auth build$ …" / "mf-auth build: …"
        const match = /^(\S+) build[:$] ?(.*)$/.exec(line);
        if (!match) continue;
        const folder = match[1].replace(/^\.\//, '');
        const app = state.get(folder);
        if (!app) continue;
        app.output.push(match[2]);
        const done = /compiled (successfully|with \d+ warnings?) in ([\d.]+ m?s)/.exec(match[2]);
        if (done && !results[folder]) {
          results[folder] = (Date.now() - started) / 1000;
          if (!quiet) log(`  ✓ ${folder} built (${done[2]} compile, ${results[folder].toFixed(1)} s since start)`);
        } else if (/compiled with \d+ errors?/.test(match[2]) && !quiet) {
          log(`  ✗ ${folder} failed to build`);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => {
      const failed = folders.filter((f) => !results[f]);
      if (code === 0 && failed.length === 0) {
        if (!quiet) log(`built ${folders.length} app(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve(results);
      } else {
        const details = failed.map((f) => `--- ${f} ---\n${state.get(f).output.slice(-40).join('\n')}`).join('\n');
        reject(new Error(`build failed for ${failed.join(', ') || '(pnpm)'} (exit ${code})\n${details}`));
      }
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((f) => !APPS.some((a) => a.folder === f));
  if (unknown.length) {
    console.error(`Unknown app(s): ${unknown.join(', ')}. Known: ${APPS.map((a) => a.folder).join(', ')}`);
    process.exit(2);
  }
  buildApps({ folders: requested.length ? requested : undefined }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
