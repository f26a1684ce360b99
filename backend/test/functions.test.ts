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
import { createFunctionsApp } from '../src/functions/index.ts';
import { makeApiKeys, signJwt } from '../src/jwt.ts';

const fixture = path.resolve(import.meta.dirname, 'fixtures/functions/echo/index.ts');
const secret = 'functions-test-secret-0123456789-abcdefghijklmnop';

let server: ServerType;
let url: string;
let keys: { anonKey: string; serviceRoleKey: string };
let dir: string;
const errors: string[] = [];

beforeAll(async () => {
  // Two functions backed by the one fixture: "echo" keeps the JWT check, "hook" turns it off.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-test-'));
  for (const name of ['echo', 'hook']) {
    fs.mkdirSync(path.join(dir, 'functions', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'functions', name, 'index.ts'), `export { default } from ${JSON.stringify(fixture)};\n`);
  }
  // "busy" holds each call until the test releases it and reports how many ran at once.
  fs.mkdirSync(path.join(dir, 'functions', 'busy'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'functions', 'busy', 'index.ts'), `
const state = globalThis.busyState ??= { running: 0, most: 0, waiting: [] };
export default async () => {
  state.running++;
  state.most = Math.max(state.most, state.running);
  await new Promise((resolve) => state.waiting.push(resolve));
  state.running--;
  return Response.json({ most: state.most });
};
`);
  fs.mkdirSync(path.join(dir, 'functions', '_shared'));
  fs.writeFileSync(path.join(dir, 'functions', '_shared', 'index.ts'), 'export default () => new Response("no");\n');
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
  const ctx: ServiceContext = {
    config,
    pool: new pg.Pool({ max: 1 }), // never connected: functions reach data through SUPABASE_URL
    mail: { send: async () => undefined },
    log: { info: () => undefined, error: (_service, message) => void errors.push(message) },
  };
  app.route('/functions/v1', createFunctionsApp(ctx, { functionsDir: path.join(dir, 'functions'), maxConcurrent: 2 }));
});

afterAll(async () => {
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
    expect(errors.some((line) => line.includes('echo threw'))).toBe(true);

    const { data, error } = await supabase.functions.invoke('echo', { body: { again: true } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'POST' });
  });
});

describe('concurrency', () => {
  it('runs at most maxConcurrent invocations of a function at once; the rest wait their turn and succeed', async () => {
    const state = () => (globalThis as unknown as { busyState?: { running: number; most: number; waiting: Array<() => void> } }).busyState;
    const calls = Array.from({ length: 6 }, () =>
      fetch(`${url}/functions/v1/busy`, { headers: { authorization: `Bearer ${keys.anonKey}` } }).then(async (res) => ({ status: res.status, body: (await res.json()) as { most: number } })));
    let released = 0;
    while (released < 6) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const waiting = state()?.waiting.splice(0) ?? [];
      expect(state()?.running ?? 0).toBeLessThanOrEqual(2);
      waiting.forEach((resolve) => resolve());
      released += waiting.length;
    }
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(state()!.most).toBe(2);
  });
});

describe('config.toml [functions]', () => {
  it('reads verify_jwt per function and rejects wrong types', () => {
    const settings = parseFunctionSettings('[functions.a]\nverify_jwt = false\n[functions.b]\n');
    expect(settings.get('a')).toEqual({ verifyJwt: false });
    expect(settings.get('b')).toEqual({ verifyJwt: true });
    expect(() => parseFunctionSettings('[functions.a]\nverify_jwt = "no"\n')).toThrow(/verify_jwt must be true or false/);
    expect(() => parseFunctionSettings('[functions.a\n')).toThrow(/not valid TOML/);
  });
});

