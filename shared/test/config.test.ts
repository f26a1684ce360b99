import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getRuntimeConfig, loadRuntimeConfig, resetRuntimeConfig } from '../src/config.ts';
import { parseRuntimeConfig, setRuntimeConfig } from '../src/configSchema.ts';
import { checkLiveDeployment, isDeploymentStale, resetDeploymentState } from '../src/deployment.ts';
import { getSupabase, resetSupabase } from '../src/supabase.ts';

afterEach(() => {
  resetRuntimeConfig();
  resetDeploymentState();
  resetSupabase();
});

describe('runtime config', () => {
  it('rejects a bad env.json naming the fields', () => {
    expect(() => parseRuntimeConfig({ supabaseUrl: 'nope', deploymentId: '' })).toThrow(/supabaseUrl.*supabaseAnonKey.*deploymentId|supabaseUrl/);
    expect(() => getRuntimeConfig()).toThrow(/not loaded/);
  });

  it('defaults the deployment check interval', () => {
    const config = setRuntimeConfig({ supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k', deploymentId: 'd1' });
    expect(config.deploymentCheckMs).toBe(30_000);
  });
});

describe('env.json sent inside the page (scripts/route-hints.mjs)', () => {
  it('is the config the page loads with, while skew checks still read env.json anew', async () => {
    const inline = { supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k', deploymentId: 'inline-d1', deploymentCheckMs: 30_000 };
    const page = { getElementById: (id: string) => (id === 'stitchhouse-env' ? { textContent: JSON.stringify(inline) } : null) };
    const realFetch = globalThis.fetch;
    let fetched = 0;
    globalThis.fetch = (async () => {
      fetched++;
      return new Response(JSON.stringify({ ...inline, deploymentId: 'live-d2' }));
    }) as typeof fetch;
    (globalThis as { document?: unknown }).document = page;
    try {
      expect((await loadRuntimeConfig()).deploymentId).toBe('inline-d1');
      expect(fetched).toBe(0);
      await checkLiveDeployment(Date.now() + 60_000); // past the check interval
      expect(fetched).toBe(1);
      expect(isDeploymentStale()).toBe(true);
    } finally {
      delete (globalThis as { document?: unknown }).document;
      globalThis.fetch = realFetch;
    }
  });
});

describe('skew detection', () => {
  it('learns a new deployment from env.json, throttled', async () => {
    setRuntimeConfig({ supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k', deploymentId: 'd1', deploymentCheckMs: 1000 });
    let calls = 0;
    let live = 'd1';
    const fakeFetch = (async () => {
      calls++;
      return new Response(JSON.stringify({ supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k', deploymentId: live }));
    }) as typeof fetch;
    await checkLiveDeployment(10_000, fakeFetch);
    expect(isDeploymentStale()).toBe(false);
    live = 'd2';
    await checkLiveDeployment(10_500, fakeFetch); // within the interval: not fetched
    expect(calls).toBe(1);
    expect(isDeploymentStale()).toBe(false);
    await checkLiveDeployment(11_000, fakeFetch);
    expect(calls).toBe(2);
    expect(isDeploymentStale()).toBe(true);
  });

  it('ignores a failing check', async () => {
    setRuntimeConfig({ supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k', deploymentId: 'd1', deploymentCheckMs: 0 });
    await checkLiveDeployment(1, (async () => new Response('oops', { status: 500 })) as typeof fetch);
    expect(isDeploymentStale()).toBe(false);
  });
});

describe('the page Supabase client', () => {
  it('is one client and sends the deployment id on page-data requests', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      setRuntimeConfig({ supabaseUrl: `http://127.0.0.1:${port}`, supabaseAnonKey: 'anon-key', deploymentId: 'deploy-42' });
      const [a, b] = await Promise.all([getSupabase(), getSupabase()]);
      expect(a).toBe(b);
      const { error } = await a.from('patterns').select('id');
      expect(error).toBeNull();
      expect(seen[0]?.['x-deployment-id']).toBe('deploy-42');
      expect(seen[0]?.apikey).toBe('anon-key');
    } finally {
      server.close();
    }
  });
});
