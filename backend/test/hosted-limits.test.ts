// Local behaves like hosted: the functions runner enforces hosted Edge Functions'
// limits (memory per worker, CPU per request, wall clock) and answers what hosted answers when
// it kills a worker; every function, bundled, stays under hosted's 20 MB; the database's
// search_path has `extensions` for every login, as hosted and `supabase start` have; PostgREST
// exposes public and graphql_public only.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import type { BackendConfig, ServiceContext } from '../src/context.ts';
import { createFunctions, type FunctionsService } from '../src/functions/index.ts';
import { functionLimitsFromEnv, hostedLimits, type FunctionLimits } from '../src/functions/limits.ts';
import { denoBinary } from '../src/functions/workers.ts';
import { makeApiKeys } from '../src/jwt.ts';
import { startTestStack, type TestStack } from './harness.ts';

const fixtures = path.resolve(import.meta.dirname, 'fixtures/functions');
const secret = 'hosted-limits-test-secret-0123456789-abcdefghij';
// Hosted's answer when its supervisor kills a worker at a limit (status-codes and the 546
// troubleshooting page of supabase.com/docs/guides/functions).
const workerLimit = { code: 'WORKER_LIMIT', message: 'Function failed due to not having enough compute resources (please check logs)' };

describe('limits from the environment', () => {
  it('default to hosted free plan, and each can be changed in one place', () => {
    expect(functionLimitsFromEnv({})).toEqual({ memoryMb: 256, cpuMs: 2000, wallClockMs: 150_000, idleTimeoutMs: 150_000 });
    expect(functionLimitsFromEnv({ FUNCTIONS_PLAN: 'paid' })).toEqual(hostedLimits.paid);
    expect(hostedLimits.paid.wallClockMs).toBe(400_000);
    expect(functionLimitsFromEnv({ FUNCTIONS_CPU_MS: '0', FUNCTIONS_MEMORY_MB: '512', FUNCTIONS_WALL_CLOCK_S: '30', FUNCTIONS_IDLE_TIMEOUT_S: '20' })).toEqual({
      memoryMb: 512,
      cpuMs: 0,
      wallClockMs: 30_000,
      idleTimeoutMs: 20_000,
    });
    expect(() => functionLimitsFromEnv({ FUNCTIONS_PLAN: 'team' })).toThrow(/FUNCTIONS_PLAN must be free or paid/);
    expect(() => functionLimitsFromEnv({ FUNCTIONS_CPU_MS: 'lots' })).toThrow(/FUNCTIONS_CPU_MS must be a number/);
  });
});

describe('the functions runner under hosted limits', () => {
  const servers: ServerType[] = [];
  const urls: Record<string, string> = {};
  let anonKey: string;
  const logged: string[] = [];
  const runners: FunctionsService[] = [];

  beforeAll(async () => {
    const keys = await makeApiKeys(secret);
    anonKey = keys.anonKey;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosted-limits-'));
    // one runner (and origin) per set of limits, each mounted at /functions/v1 as the gateway mounts it
    const mount = async (label: string, limits: FunctionLimits) => {
      const app = new Hono();
      const server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
      });
      servers.push(server);
      const port = (server.address() as { port: number }).port;
      urls[label] = `http://127.0.0.1:${port}`;
      const config: BackendConfig = {
        port,
        apiExternalUrl: urls[label]!,
        siteUrl: 'http://localhost:3000',
        redirectAllowList: [],
        dataDir,
        jwtSecret: secret,
        ...keys,
        jwtExpiry: 3600,
        otpExpiry: 3600,
        emailMinInterval: 60,
      };
      const ctx: ServiceContext = {
        config,
        pool: new pg.Pool({ max: 1 }), // never connected
        mail: { send: async () => undefined },
        log: { info: () => undefined, error: (_service, message) => void logged.push(message) },
      };
      const functions = createFunctions(ctx, { functionsDir: fixtures, limits });
      runners.push(functions);
      app.route('/functions/v1', functions.app);
    };
    // hosted's defaults, whatever the environment running the tests says
    await mount('hosted', hostedLimits.free);
    // the same with a 3 s wall clock, so a worker outliving it is seen in a test's time
    await mount('short', { ...hostedLimits.free, wallClockMs: 3000 });
    // and with a 1 s request idle timeout (hosted's is 150 s)
    await mount('idle', { ...hostedLimits.free, idleTimeoutMs: 1000 });
  });

  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  });

  const call = async (prefix: string, route: string) => {
    const started = Date.now();
    const res = await fetch(`${urls[prefix]}/functions/v1/limits/${route}`, { headers: { authorization: `Bearer ${anonKey}` } });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), errorCode: res.headers.get('sb-error-code'), ms: Date.now() - started };
  };

  it('kills a worker that holds 400 MB (limit 256 MB) with 546 WORKER_LIMIT; the next call gets a fresh worker', async () => {
    const before = (await call('hosted', 'ok')).body.pid;
    const res = await call('hosted', 'memory');
    expect(res).toMatchObject({ status: 546, body: workerLimit, errorCode: 'WORKER_LIMIT' });
    expect(logged.some((line) => line.startsWith('limits: Memory limit exceeded'))).toBe(true);
    const after = await call('hosted', 'ok');
    expect(after).toMatchObject({ status: 200, body: { ok: true } });
    expect(after.body.pid).not.toBe(before);
  });

  it('ends a JavaScript heap that keeps growing the same way', async () => {
    const res = await call('hosted', 'heap');
    expect(res).toMatchObject({ status: 546, body: workerLimit });
    expect((await call('hosted', 'ok')).status).toBe(200);
  });

  it('kills a call that computes for more than 2 s of CPU time, near 2 s of it', async () => {
    const res = await call('hosted', 'cpu');
    expect(res).toMatchObject({ status: 546, body: workerLimit, errorCode: 'WORKER_LIMIT' });
    const line = logged.find((l) => l.startsWith('limits: CPU Time exceeded'));
    expect(line).toBeDefined();
    const used = Number(/used (\d+) ms of CPU/.exec(line!)![1]);
    expect(used).toBeGreaterThan(2000);
    // sampled every 100 ms: a little over 2 s, more when this 2-core machine is busy
    expect(used).toBeLessThan(3500);
    // the function would have run for 30 s
    expect(res.ms).toBeLessThan(25_000);
    expect((await call('hosted', 'ok')).status).toBe(200);
  });

  it('does not count waiting as CPU time: a call that sleeps 3 s answers', async () => {
    const res = await call('hosted', 'sleep?ms=3000');
    expect(res).toMatchObject({ status: 200, body: { slept: 3000 } });
  });

  it('kills a worker at the end of its wall clock with the call it still serves (546), and starts a new one', async () => {
    const first = await call('short', 'ok');
    expect(first.status).toBe(200);
    const slept = await call('short', 'sleep?ms=10000');
    expect(slept).toMatchObject({ status: 546, body: workerLimit, errorCode: 'WORKER_LIMIT' });
    // killed at the 3 s wall clock, well before the 10 s sleep ends
    expect(slept.ms).toBeLessThan(6000);
    expect(logged.some((line) => line.startsWith('limits: wall clock time limit reached'))).toBe(true);
    const next = await call('short', 'ok');
    expect(next.status).toBe(200);
    expect(next.body.pid).not.toBe(first.body.pid);
  });

  it('answers 504 IDLE_TIMEOUT to a call that starts no answer within the idle timeout; an answer started in time streams on', async () => {
    const idle = await call('idle', 'sleep?ms=4000');
    expect(idle).toMatchObject({
      status: 504,
      body: { code: 'IDLE_TIMEOUT', message: 'Function did not respond before the request idle timeout' },
      errorCode: 'IDLE_TIMEOUT',
    });
    expect(idle.ms).toBeLessThan(3500);
    expect(logged.some((line) => line.startsWith('limits: no answer started within the 1 s request idle timeout'))).toBe(true);
    // started at once, finished after twice the idle timeout: not cut
    expect(await call('idle', 'drip?ms=2000')).toMatchObject({ status: 200, body: { dripped: 2000 } });
  });

  it('past half its wall clock a worker takes no new call: the call goes to a fresh worker and answers', async () => {
    const first = (await call('short', 'ok')).body.pid;
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const later = await call('short', 'sleep?ms=1000');
    expect(later).toMatchObject({ status: 200, body: { slept: 1000 } });
    expect(later.body.pid).not.toBe(first);
  });
});

describe('request bodies through the gateway, PostgREST schemas and the search_path', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses a function body over BODY_LIMIT_FUNCTIONS (6 MiB) with 413 before the function runs', async () => {
    const body = Buffer.alloc(6 * 1024 * 1024 + 1, 0x20);
    const res = await fetch(`${stack.url}/functions/v1/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(JSON.stringify(await res.json())).toContain('6291456 bytes');
  });

  it('gives every new session "$user", public, extensions: a seed calling gen_salt unqualified works, as postgres and as the API roles', async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      expect((await client.query('show search_path')).rows[0].search_path).toBe('"$user", public, extensions');
      const hash = (await client.query(`select crypt('correct horse', gen_salt('bf')) as hash`)).rows[0].hash as string;
      expect(hash).toMatch(/^\$2a\$06\$/);
      for (const role of ['anon', 'authenticated', 'service_role']) {
        await client.query('begin');
        try {
          await client.query(`set local role ${role}`);
          expect((await client.query(`select gen_salt('bf') as salt`)).rows[0].salt).toMatch(/^\$2a\$06\$/);
        } finally {
          await client.query('rollback');
        }
      }
      // where hosted keeps it: pgcrypto lives in extensions, not public
      expect((await client.query(`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pgcrypto'`)).rows[0].schema).toBe(
        'extensions',
      );
    } finally {
      await client.end();
    }
  });

  it('through the pool the services use too (the seed runs there)', async () => {
    const { rows } = await stack.pool.query(`select gen_salt('bf') as salt, current_setting('search_path') as path`);
    expect(rows[0].salt).toMatch(/^\$2a\$06\$/);
    expect(rows[0].path).toBe('"$user", public, extensions');
  });

  it('PostgREST exposes public and graphql_public only (PGRST106 for storage, auth, extensions)', async () => {
    for (const schema of ['storage', 'auth', 'extensions', '_local']) {
      const res = await fetch(`${stack.url}/rest/v1/objects`, {
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'accept-profile': schema },
      });
      expect(res.status).toBe(406);
      const body = await res.json();
      expect(body.code).toBe('PGRST106');
      expect(body.message).toContain('public, graphql_public');
    }
  });
});

// ---- bundle sizes ----

const exec = promisify(execFile);
const supabaseDir = path.join(repoRoot, 'supabase');
const functionsDir = path.join(supabaseDir, 'functions');
const HOSTED_MAX_BUNDLE = 20 * 1024 * 1024;

/** Files under a folder, recursively (node_modules left out). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !path.join(e.parentPath, e.name).includes(`${path.sep}node_modules${path.sep}`))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The function's static_files (supabase/config.toml), as `supabase functions deploy` uploads
 * them. download's fonts are copied into functions/_shared/fonts by bundle-fonts before a
 * deploy; when they are not there (the usual checkout), the files that script would copy
 * (the faces stamp-fonts.ts lists, from their npm packages, with their licences) are counted.
 */
function staticFiles(name: string): string[] {
  const config = parse(fs.readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as { functions?: Record<string, { static_files?: string[] }> };
  const files: string[] = [];
  for (const pattern of config.functions?.[name]?.static_files ?? []) {
    const dir = path.resolve(supabaseDir, path.dirname(pattern));
    const found = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
    if (found.length > 0) files.push(...found);
    else if (dir === path.join(functionsDir, '_shared', 'fonts')) {
      const shared = path.join(functionsDir, '_shared');
      const require = createRequire(path.join(supabaseDir, 'package.json'));
      for (const [, pkg, file] of fs.readFileSync(path.join(shared, 'stamp-fonts.ts'), 'utf8').matchAll(/pkg: '([^']+)', file: '([^']+)'/g)) {
        const packageDir = path.join(path.dirname(require.resolve(pkg!)), '..');
        files.push(path.join(packageDir, 'fonts', file!), path.join(packageDir, 'LICENSE'));
      }
    } else throw new Error(`${name}: static_files ${pattern} matches nothing`);
  }
  return files;
}

describe('function bundles', () => {
  const names = fs
    .readdirSync(functionsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && fs.existsSync(path.join(functionsDir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();

  /**
   * What Deno needs to reach the npm registry as npm does here (its first bundle downloads
   * esbuild): the machine's certificate store (a proxy's CA lives there, not in Deno's built-in
   * list) and the registry and proxy settings npm is given.
   */
  const denoNetworkEnv = () => {
    const cert = process.env.DENO_CERT ?? process.env.NODE_EXTRA_CA_CERTS ?? process.env.SSL_CERT_FILE;
    const passed = ['NPM_CONFIG_REGISTRY', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy']
      .filter((name) => process.env[name])
      .map((name) => [name, process.env[name]!]);
    return { DENO_TLS_CA_STORE: 'system,mozilla', ...(cert ? { DENO_CERT: cert } : {}), ...Object.fromEntries(passed) };
  };

  it(`every function, bundled with its static files, is under hosted's 20 MB`, { timeout: 600_000 }, async () => {
    expect(names.length).toBeGreaterThan(10);
    const deno = denoBinary();
    const denoDir = path.join(repoRoot, 'node_modules', '.cache', 'deno');
    // Bundles depend only on the sources, the lockstep npm packages and Deno: cached by their hash.
    const hash = crypto.createHash('sha256').update((await exec(deno, ['--version'])).stdout);
    for (const file of [
      ...filesUnder(functionsDir),
      ...filesUnder(path.join(repoRoot, 'shared', 'src')),
      path.join(supabaseDir, 'package.json'),
      path.join(supabaseDir, 'config.toml'),
    ].sort()) {
      hash.update(file).update(fs.readFileSync(file));
    }
    const cacheFile = path.join(repoRoot, 'node_modules', '.cache', 'stitchhouse-bundle-sizes', `${hash.digest('hex').slice(0, 20)}.json`);
    let sizes: Record<string, { code: number; statics: number }>;
    if (fs.existsSync(cacheFile)) sizes = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
    else {
      sizes = {};
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'function-bundles-'));
      try {
        for (const name of names) {
          const dir = path.join(functionsDir, name);
          const outFile = path.join(out, `${name}.js`);
          // deno bundle: the module graph as Deno resolves it (the function's deno.json, npm
          // packages from the workspace's node_modules, as the runner runs them), unminified
          // like the eszip the CLI uploads, which carries every module's source
          await exec(
            deno,
            [
              'bundle',
              '--quiet',
              '--no-lock',
              '--node-modules-dir=manual',
              '--platform=deno',
              '--config',
              path.join(dir, 'deno.json'),
              '-o',
              outFile,
              path.join(dir, 'index.ts'),
            ],
            {
              cwd: dir,
              env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...denoNetworkEnv() },
              maxBuffer: 16 * 1024 * 1024,
            },
          ).catch((err: Error & { stderr?: string }) => {
            throw new Error(`deno bundle ${name} failed (its first run downloads Deno's esbuild into ${denoDir}):\n${err.stderr ?? err.message}`);
          });
          sizes[name] = { code: fs.statSync(outFile).size, statics: staticFiles(name).reduce((sum, f) => sum + fs.statSync(f).size, 0) };
        }
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
      fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
      fs.writeFileSync(cacheFile, JSON.stringify(sizes));
    }
    const mb = (n: number) => (n / 1024 / 1024).toFixed(2).padStart(6);
    console.log(
      [
        'function bundles (code + static files = total, hosted limit 20 MB):',
        ...names.map((n) => `  ${n.padEnd(17)} ${mb(sizes[n]!.code)} MB + ${mb(sizes[n]!.statics)} MB = ${mb(sizes[n]!.code + sizes[n]!.statics)} MB`),
      ].join('\n'),
    );
    expect(Object.keys(sizes).sort()).toEqual(names);
    for (const name of names) {
      expect({ name, bytes: sizes[name]!.code + sizes[name]!.statics < HOSTED_MAX_BUNDLE }).toEqual({ name, bytes: true });
    }
    // download carries the stamping fonts: if they were missed, the figure would say so
    expect(sizes.download!.statics).toBeGreaterThan(1024 * 1024);
  });
});
