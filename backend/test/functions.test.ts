// The functions runner behind /functions/v1, driven by supabase-js functions.invoke.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendConfig, ServiceContext } from '../src/context.ts';
import { parseFunctionSettings } from '../src/functions/config.ts';
import { createFunctions, type FunctionsService } from '../src/functions/index.ts';
import { makeApiKeys, signJwt } from '../src/jwt.ts';

const fixture = path.resolve(import.meta.dirname, 'fixtures/functions/echo/index.ts');
const secret = 'functions-test-secret-0123456789-abcdefghijklmnop';

let server: ServerType;
let url: string;
let keys: { anonKey: string; serviceRoleKey: string };
let dir: string;
let functions: FunctionsService;
let ctx: ServiceContext;
const errors: string[] = [];

beforeAll(async () => {
  // Two functions from the one fixture: "echo" keeps the JWT check, "hook" turns it off.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-test-'));
  for (const name of ['echo', 'hook']) {
    fs.mkdirSync(path.join(dir, 'functions', name), { recursive: true });
    fs.copyFileSync(fixture, path.join(dir, 'functions', name, 'index.ts'));
  }
  // "busy" waits (up to 1 s) until a second call runs beside it, then answers how many ran at once.
  fs.mkdirSync(path.join(dir, 'functions', 'busy'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'functions', 'busy', 'index.ts'),
    `
const state = { running: 0, most: 0 };
Deno.serve(async () => {
  state.running++;
  state.most = Math.max(state.most, state.running);
  const until = Date.now() + 1000;
  while (state.running < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 20));
  state.running--;
  return Response.json({ most: state.most });
});
`,
  );
  // "broken" cannot load; "plain" exports a handler but never calls Deno.serve (the old form)
  fs.mkdirSync(path.join(dir, 'functions', 'broken'));
  fs.writeFileSync(path.join(dir, 'functions', 'broken', 'index.ts'), 'import "./missing.ts";\nDeno.serve(() => new Response("no"));\n');
  fs.mkdirSync(path.join(dir, 'functions', 'plain'));
  fs.writeFileSync(path.join(dir, 'functions', 'plain', 'index.ts'), 'export default () => new Response("old form");\n');
  fs.mkdirSync(path.join(dir, 'functions', '_shared'));
  fs.writeFileSync(path.join(dir, 'functions', '_shared', 'index.ts'), 'Deno.serve(() => new Response("no"));\n');
  fs.writeFileSync(path.join(dir, 'config.toml'), 'project_id = "test"\n\n[functions.hook]\nverify_jwt = false\n');

  keys = await makeApiKeys(secret);
  const app = new Hono();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
  url = `http://127.0.0.1:${port}`;
  const config: BackendConfig = {
    port,
    apiExternalUrl: url,
    siteUrl: 'http://localhost:3000',
    redirectAllowList: [],
    dataDir: dir,
    jwtSecret: secret,
    ...keys,
    jwtExpiry: 3600,
    otpExpiry: 3600,
    emailMinInterval: 60,
  };
  ctx = {
    config,
    pool: new pg.Pool({ max: 1 }), // never connected: functions reach data through SUPABASE_URL
    mail: { send: async () => undefined },
    log: { info: () => undefined, error: (_service, message) => void errors.push(message) },
  };
  functions = createFunctions(ctx, { functionsDir: path.join(dir, 'functions'), maxConcurrent: 2 });
  app.route('/functions/v1', functions.app);
});

afterAll(async () => {
  await functions?.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('functions runner', () => {
  it('runs a handler through supabase.functions.invoke with the anon key, env and body', async () => {
    const supabase = createClient(url, keys.anonKey, { auth: { persistSession: false } });
    const { data, error } = await supabase.functions.invoke('echo', { body: { pattern: 'Wrap dress' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      body: JSON.stringify({ pattern: 'Wrap dress' }),
      authorization: `Bearer ${keys.anonKey}`,
      supabaseUrl: url,
      hasServiceKey: true,
    });
  });

  it('keeps the sub-path and query string, for every method', async () => {
    const res = await fetch(`${url}/functions/v1/echo/orders/42?expand=items`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${keys.anonKey}` },
      body: 'status=paid',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'PATCH', path: '/echo/orders/42', search: '?expand=items', body: 'status=paid' });
    const get = await fetch(`${url}/functions/v1/echo/ping`, { headers: { authorization: `Bearer ${keys.anonKey}` } });
    expect(await get.json()).toMatchObject({ method: 'GET', path: '/echo/ping', body: null });
  });

  it('accepts a signed-in user token and rejects missing, forged and expired ones', async () => {
    const userToken = await signJwt({ sub: '7d1f5f0e-8a52-4d33-9a5e-1e7a4d3b6c21', role: 'authenticated' }, secret, 60);
    const ok = await fetch(`${url}/functions/v1/echo`, { method: 'POST', headers: { authorization: `Bearer ${userToken}` } });
    expect(ok.status).toBe(200);

    const missing = await fetch(`${url}/functions/v1/echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    const forged = await signJwt({ role: 'service_role' }, 'another-secret-that-is-long-enough-1234567890', 60);
    const expired = await signJwt({ role: 'anon', iat: 1_600_000_000, exp: 1_600_000_060 }, secret);
    for (const token of [forged, expired, 'not-a-jwt']) {
      const res = await fetch(`${url}/functions/v1/echo`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }

    const supabase = createClient(url, keys.anonKey, { auth: { persistSession: false } });
    const { error } = await supabase.functions.invoke('echo', { headers: { Authorization: `Bearer ${forged}` } });
    expect(error?.name).toBe('FunctionsHttpError');
    expect((error as { context: Response }).context.status).toBe(401);
  });

  it('skips the JWT check where config.toml says verify_jwt = false', async () => {
    const res = await fetch(`${url}/functions/v1/hook`, { method: 'POST', body: '{"type":"checkout.session.completed"}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ path: '/hook', authorization: null });
  });

  it('answers 404 for unknown functions and for helper folders', async () => {
    for (const name of ['nope', '_shared', '..%2Fecho']) {
      const res = await fetch(`${url}/functions/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${keys.anonKey}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('turns a throwing handler into a 500 with a log line, and keeps serving', async () => {
    const supabase = createClient(url, keys.anonKey, { auth: { persistSession: false } });
    const failed = await fetch(`${url}/functions/v1/echo/boom`, { method: 'POST', headers: { authorization: `Bearer ${keys.anonKey}` } });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'boom: the handler failed on purpose' });
    expect(errors.some((line) => line.includes('echo threw while handling POST'))).toBe(true);

    const { data, error } = await supabase.functions.invoke('echo', { body: { again: true } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'POST' });
  });
});

describe('concurrency', () => {
  it('runs at most maxConcurrent invocations of a function at once; the rest wait their turn and succeed', async () => {
    const calls = Array.from({ length: 6 }, () =>
      fetch(`${url}/functions/v1/busy`, { headers: { authorization: `Bearer ${keys.anonKey}` } }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { most: number },
      })),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Math.max(...answers.map((a) => a.body.most))).toBe(2);
  });
});

describe('Deno workers', () => {
  const auth = () => ({ authorization: `Bearer ${keys.anonKey}` });
  const pidOf = async (name: string) => ((await (await fetch(`${url}/functions/v1/${name}/pid`, { headers: auth() })).json()) as { pid: number }).pid;

  it('runs each function in its own Deno process, one per function, kept between calls', async () => {
    const echo = await pidOf('echo');
    expect(await pidOf('echo')).toBe(echo);
    expect(await pidOf('hook')).not.toBe(echo);
    expect(fs.readFileSync(`/proc/${echo}/cmdline`, 'utf8')).toContain('deno');
    expect((await functions.workers.worker('echo')).pid).toBe(echo);
  });

  it('starts a crashed function again on the next call', async () => {
    const before = await pidOf('echo');
    const crashed = await fetch(`${url}/functions/v1/echo/crash`, { method: 'POST', headers: auth() });
    expect(crashed.status).toBe(502);
    expect(await crashed.json()).toMatchObject({ error: expect.stringContaining('Function echo failed') });
    const after = await pidOf('echo');
    expect(after).not.toBe(before);
    expect(errors.some((line) => line.includes(`echo worker (pid ${before}) exited (code 3)`))).toBe(true);
  });

  it("gives a function its secrets, not the backend's environment", async () => {
    const res = await fetch(`${url}/functions/v1/echo`, { method: 'POST', headers: auth(), body: '{}' });
    // Deno's own (DENO_*, NO_COLOR, PATH for its node shim) aside
    const names = ((await res.json()) as { envNames: string[] }).envNames.filter((n) => !n.startsWith('DENO_') && n !== 'NO_COLOR' && n !== 'PATH');
    expect(names).toEqual(['SITE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_URL']);
    expect(Object.keys(process.env).length).toBeGreaterThan(names.length);
  });

  it('gives Edge Runtime permissions: no file writes', async () => {
    const target = path.join(dir, 'written-by-function.txt');
    const res = await fetch(`${url}/functions/v1/echo/write?path=${encodeURIComponent(target)}`, { headers: auth() });
    expect(await res.json()).toEqual({ wrote: false, error: 'NotCapable' });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('streams the answer as the function writes it, and the request body in', async () => {
    const res = await fetch(`${url}/functions/v1/echo/stream`, { headers: auth() });
    const reader = res.body!.getReader();
    // the function holds the rest until /release: a buffering proxy would never give this chunk
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first chunk\n');
    await fetch(`${url}/functions/v1/echo/release`, { headers: auth() });
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('last chunk\n');

    const parts = ['{"pattern":', '"Wrap dress"}'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });
    const echoed = await fetch(`${url}/functions/v1/echo`, { method: 'POST', headers: auth(), body, duplex: 'half' } as RequestInit);
    expect(await echoed.json()).toMatchObject({ body: '{"pattern":"Wrap dress"}' });
  });

  it('answers 500 with the reason logged when a function cannot load or does not call Deno.serve', async () => {
    for (const name of ['broken', 'plain']) {
      const res = await fetch(`${url}/functions/v1/${name}`, { method: 'POST', headers: auth() });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: `Function ${name} failed to load` });
    }
    expect(errors.some((line) => line.includes('missing.ts'))).toBe(true);
    expect(errors.some((line) => line.includes('plain: index.ts must call Deno.serve(handler)'))).toBe(true);
  });

  it('with reload on (npm start), runs an edited function on its next call', async () => {
    const reloadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-reload-'));
    fs.mkdirSync(path.join(reloadDir, 'greet'));
    const write = (word: string) =>
      fs.writeFileSync(
        path.join(reloadDir, 'greet', 'index.ts'),
        `Deno.serve(() => Response.json({ word: ${JSON.stringify(word)}, pid: (Deno as unknown as { pid: number }).pid }));\n`,
      );
    write('hello');
    const reloading = createFunctions(ctx, { functionsDir: reloadDir, reload: true });
    try {
      const answer = async () => {
        const { port } = await reloading.workers.worker('greet');
        return (await (await fetch(`http://127.0.0.1:${port}/greet`)).json()) as { word: string; pid: number };
      };
      const first = await answer();
      expect(first.word).toBe('hello');
      write('bonjour');
      let next = await answer();
      for (let i = 0; i < 100 && next.word !== 'bonjour'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = await answer();
      }
      expect(next.word).toBe('bonjour');
      expect(next.pid).not.toBe(first.pid);
    } finally {
      await reloading.stop();
      fs.rmSync(reloadDir, { recursive: true, force: true });
    }
  });

  it('stops every worker with the stack', async () => {
    const pids = [await pidOf('echo'), await pidOf('hook')];
    const other = createFunctions(ctx, { functionsDir: path.join(dir, 'functions') });
    const own = await other.workers.worker('echo');
    expect(pids).not.toContain(own.pid);
    await other.stop();
    expect(alive(own.pid)).toBe(false);
    expect(pids.every(alive)).toBe(true);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('config.toml [functions]', () => {
  it('reads verify_jwt per function and rejects wrong types', () => {
    const settings = parseFunctionSettings('[functions.a]\nverify_jwt = false\n[functions.b]\n');
    expect(settings.get('a')).toEqual({ verifyJwt: false });
    expect(settings.get('b')).toEqual({ verifyJwt: true });
    expect(() => parseFunctionSettings('[functions.a]\nverify_jwt = "no"\n')).toThrow(/verify_jwt must be true or false/);
    expect(() => parseFunctionSettings('[functions.a\n')).toThrow(/not valid TOML/);
  });
});
