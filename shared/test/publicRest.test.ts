import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfig } from '../src/config.ts';
import { setRuntimeConfig } from '../src/configSchema.ts';
import { PAGE_READS_ID, readKey } from '../src/pageReads.mjs';
import { getPublicRest, getReadClient, resetPageReads } from '../src/publicRest.ts';
import { mayHaveSession } from '../src/session.ts';
import { resetSupabase, supabaseStarted } from '../src/supabase.ts';

// Visitor reads without supabase-js: the anon PostgREST client asks what a
// signed-out visitor's supabase-js would, and a browser that may hold a session keeps the page client.
let server: Server;
let url: string;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ id: 'p1', title: 'Wrap dress' }]));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function fakeWindow(stored: Record<string, string>, search = '') {
  const keys = Object.keys(stored);
  (globalThis as { window?: unknown }).window = {
    location: { search, hash: '' },
    localStorage: { length: keys.length, key: (i: number) => keys[i] ?? null },
  };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { document?: unknown }).document;
  resetPageReads();
  vi.restoreAllMocks();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('stitchhouse.publicRest')];
  resetRuntimeConfig();
  resetSupabase();
  seen.length = 0;
});

/** A page whose server sent these reads inside it (scripts/route-hints.mjs). */
function pageCarrying(reads: { key: string; data: unknown }[]) {
  (globalThis as { document?: unknown }).document = {
    getElementById: (id: string) => (id === PAGE_READS_ID ? { textContent: JSON.stringify(reads) } : null),
  };
}

describe('reads the page carries', () => {
  it('answer that very read from the page, once; anything else goes to the backend', async () => {
    setRuntimeConfig({ supabaseUrl: url, supabaseAnonKey: 'anon-key', deploymentId: 'd1' });
    pageCarrying([
      { key: readKey('GET', 'rpc/search_patterns?page_size=24&q=dress'), data: [{ id: 'from-page' }] },
      { key: readKey('GET', 'currency_rates?select=currency,per_eur'), data: [{ currency: 'EUR', per_eur: 1 }] },
    ]);
    const rest = await getPublicRest();
    expect((await rest.rpc('search_patterns', { page_size: 24, q: 'dress' }, { get: true })).data).toEqual([{ id: 'from-page' }]);
    expect((await rest.from('currency_rates').select('currency, per_eur')).data).toEqual([{ currency: 'EUR', per_eur: 1 }]);
    expect(seen).toEqual([]);
    // The same read again (a refresh, a later visit in the page) asks the backend; so does another read.
    expect((await rest.rpc('search_patterns', { page_size: 24, q: 'dress' }, { get: true })).data).toEqual([{ id: 'p1', title: 'Wrap dress' }]);
    await rest.rpc('search_patterns', { page_size: 24, q: 'skirt' }, { get: true });
    expect(seen.map((s) => s.path)).toEqual(['/rest/v1/rpc/search_patterns?page_size=24&q=dress', '/rest/v1/rpc/search_patterns?page_size=24&q=skirt']);
  });

  it('are not used once the page has been open a while (the backend may say otherwise by then)', async () => {
    setRuntimeConfig({ supabaseUrl: url, supabaseAnonKey: 'anon-key', deploymentId: 'd1' });
    pageCarrying([{ key: readKey('POST', 'rpc/search_patterns', { q: 'dress' }), data: [{ id: 'from-page' }] }]);
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect((await (await getPublicRest()).rpc('search_patterns', { q: 'dress' })).data).toEqual([{ id: 'p1', title: 'Wrap dress' }]);
    expect(seen).toHaveLength(1);
  });

  it('a page without them (a plain static host) asks the backend', async () => {
    setRuntimeConfig({ supabaseUrl: url, supabaseAnonKey: 'anon-key', deploymentId: 'd1' });
    pageCarrying([]);
    await (await getPublicRest()).rpc('search_patterns', { q: 'dress' });
    expect(seen).toHaveLength(1);
  });
});

describe('visitor reads', () => {
  it('go to /rest/v1 with the anon key, as a visitor, and the deployment id', async () => {
    setRuntimeConfig({ supabaseUrl: url, supabaseAnonKey: 'anon-key', deploymentId: 'd1' });
    const rest = await getPublicRest();
    const { data, error } = await rest.from('patterns').select('id,title').eq('status', 'published').limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'p1', title: 'Wrap dress' }]);
    expect(seen[0]!.path).toBe('/rest/v1/patterns?select=id%2Ctitle&status=eq.published&limit=1');
    expect(seen[0]!.headers.apikey).toBe('anon-key');
    expect(seen[0]!.headers.authorization).toBe('Bearer anon-key');
    expect(seen[0]!.headers['x-deployment-id']).toBe('d1');
  });

  it('leave supabase-js unloaded for a browser with no session, and use it for one that may have one', async () => {
    setRuntimeConfig({ supabaseUrl: url, supabaseAnonKey: 'anon-key', deploymentId: 'd1' });
    fakeWindow({ 'stitchhouse.cart': '[]' });
    expect(mayHaveSession()).toBe(false);
    await (await getReadClient()).rpc('search_patterns', { q: 'dress' });
    expect(supabaseStarted()).toBe(false);
    expect(seen[0]!.path).toBe('/rest/v1/rpc/search_patterns');

    fakeWindow({ 'sb-127-auth-token': '{}' });
    expect(mayHaveSession()).toBe(true);
    fakeWindow({}, '?code=abc');
    expect(mayHaveSession()).toBe(true);
    await (await getReadClient()).from('patterns').select('id');
    expect(supabaseStarted()).toBe(true);
  });
});
