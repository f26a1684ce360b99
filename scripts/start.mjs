#!/usr/bin/env node
// `npm start`: installs everything, builds every app, starts the embedded Supabase-compatible
// backend and serves the shell and the five remotes, each on its own origin. Ctrl-C stops all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, envWithTools, log, root } from './tools.mjs';

const children = [];
function run(name, cmd, args, env = {}, cwd = root) {
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: envWithTools(env) });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} stopped (${signal ?? code}); shutting down`);
      stop(1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForFile(file, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${file}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

ensureDependencies();
// Settings are checked before the build, so a typo costs seconds, not a build.
const { imageTransformsFromEnv } = await import('./serve-apps.mjs');
try {
  imageTransformsFromEnv(process.env.IMAGE_TRANSFORMS);
} catch (error) {
  log(error.message);
  process.exit(1);
}
log('building the shell and the five remotes…');
const built = spawnSync(process.execPath, ['scripts/build-apps.mjs'], { cwd: root, stdio: 'inherit', env: envWithTools() });
if (built.status !== 0) process.exit(built.status ?? 1);

const backendInfo = join(root, '.data', 'backend.json');
let backend = { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY };
if (!backend.url) {
  rmSync(backendInfo, { force: true });
  log('starting the embedded backend (Postgres, REST, auth, storage, functions, mail)…');
  // tsx resolves from backend/, where it is installed; supabase-js needs WebSocket on Node 20.
  run('backend', process.execPath, ['--experimental-websocket', '--import', 'tsx', 'src/cli.ts'], {}, join(root, 'backend'));
  backend = await waitForFile(backendInfo, 600_000);
}

log('serving the apps…');
run('apps', process.execPath, ['scripts/serve-apps.mjs'], {
  SUPABASE_URL: backend.url,
  SUPABASE_ANON_KEY: backend.anonKey,
});

const stripe = backend.stripeUrl ? `, Stripe sandbox ${backend.stripeUrl.replace('127.0.0.1', 'localhost')}` : '';
log(`Stitchhouse is running: open http://localhost:3000  (backend ${backend.url}, local mail ${backend.url}/mail${stripe}). Ctrl-C stops everything.`);
