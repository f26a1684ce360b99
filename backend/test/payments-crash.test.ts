// Faults: the backend SIGKILLed while the sandbox is delivering payment webhooks
// loses nothing. Each event is recorded in the same transaction as its effects, so after a
// restart every recorded event was applied, every paid order is fulfilled exactly once (one
// entitlement, one held transfer per line) and its receipt is sent — the sandbox's retries and
// duplicate deliveries finish what the kill interrupted. The backend runs as a child process
// (test/fixtures/crash/payments-process.ts) so it can be killed for real. PGlite only.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killBackend, startBackendProcess, type BackendProcess } from './fixtures/crash/backend-process.ts';

interface Ready {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  stripeUrl: string;
  secretKey: string;
}
type Running = BackendProcess<Ready>;

const ORDERS = 12;
let dataDir: string;
let port: number;
let sandboxPort: number;
let running: Running | undefined;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: p } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return p;
}

const startChild = () =>
  startBackendProcess<Ready>('payments-process.ts', [dataDir, String(port), String(sandboxPort)], { NODE_OPTIONS: '--experimental-websocket' });
const killHard = (run: Running) => killBackend(run, dataDir);

async function ok(res: Response, what: string): Promise<any> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const service = (run: Running, route: string, init: RequestInit = {}) =>
  fetch(`${run.url}${route}`, {
    ...init,
    headers: {
      apikey: run.serviceRoleKey,
      authorization: `Bearer ${run.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...(init.headers as Record<string, string> | undefined),
    },
  }).then((r) => ok(r, `${init.method ?? 'GET'} ${route}`));

const sandbox = (run: Running, method: string, route: string, body?: unknown) =>
  fetch(`${run.stripeUrl}/_sandbox${route}`, {
    method,
    headers: { authorization: `Bearer ${run.secretKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => ok(r, `${method} /_sandbox${route}`));

async function person(run: Running, email: string): Promise<{ id: string; token: string }> {
  const user = await service(run, '/auth/v1/admin/users', { method: 'POST', body: JSON.stringify({ email, password: 'Crash-test-9', email_confirm: true }) });
  const session = await ok(
    await fetch(`${run.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: run.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Crash-test-9' }),
    }),
    'sign in',
  );
  return { id: user.id, token: session.access_token };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-payments-crash-'));
  port = await freePort();
  sandboxPort = await freePort();
  running = await startChild();
}, 120_000);

afterAll(async () => {
  if (running) await killHard(running);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('loses no committed payment when the backend is killed during webhook deliveries', async () => {
  let run = running!;
  const designer = await person(run, 'designer@crash.test');
  const buyer = await person(run, 'buyer@crash.test');
  const [store] = await service(run, '/rest/v1/stores', {
    method: 'POST',
    body: JSON.stringify({ owner_id: designer.id, slug: 'crash-studio', kind: 'designer', name: 'Crash Studio', currency: 'EUR' }),
  });
  const patterns = await service(run, '/rest/v1/patterns', {
    method: 'POST',
    body: JSON.stringify(
      Array.from({ length: ORDERS }, (_, i) => ({
        store_id: store.id,
        title: `Crash pattern ${i}`,
        craft: 'sewing',
        category: 'dress',
        status: 'published',
        price_cents: 1000 + i,
        currency: 'EUR',
      })),
    ),
  });

  // payments pile up undelivered events, then deliveries start and the backend dies mid-way
  await sandbox(run, 'POST', '/webhooks/pause');
  const orderIds: string[] = [];
  for (const p of patterns) {
    const res = await ok(
      await fetch(`${run.url}/functions/v1/checkout`, {
        method: 'POST',
        headers: { apikey: run.anonKey, authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ pattern_id: p.id, quantity: 1, kind: 'digital' }], country: 'FR' }),
      }),
      'checkout',
    );
    orderIds.push(res.order_id);
    const cs = /\/checkout\/(cs_\w+)/.exec(res.url)![1]!;
    expect((await sandbox(run, 'POST', `/checkout/${cs}/pay`, { card: '4242424242424242' })).status).toBe('succeeded');
  }
  await sandbox(run, 'POST', '/webhooks/resume');
  const ids = `(${orderIds.join(',')})`;
  const paidCount = async (r: Running) => (await service(r, `/rest/v1/orders?select=id&status=eq.paid&id=in.${ids}`)).length as number;
  const deadline = Date.now() + 20_000;
  while ((await paidCount(run)) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const paidBeforeKill = await paidCount(run);
  await killHard(run);
  expect(paidBeforeKill).toBeLessThan(ORDERS); // killed in the middle of the deliveries

  run = running = await startChild();
  await sandbox(run, 'GET', '/webhooks/idle?timeout_ms=60000');
  const until = Date.now() + 30_000;
  while ((await paidCount(run)) < ORDERS && Date.now() < until) await new Promise((r) => setTimeout(r, 100));

  const orders = await service(run, `/rest/v1/orders?select=id,status,receipt_sent_at&id=in.${ids}`);
  expect(orders.map((o: any) => o.status)).toEqual(orderIds.map(() => 'paid'));
  const entitlements = await service(run, `/rest/v1/entitlements?select=pattern_id&user_id=eq.${buyer.id}&revoked_at=is.null`);
  expect(entitlements.map((e: any) => e.pattern_id).sort()).toEqual(patterns.map((p: any) => p.id).sort());
  const transfers = await service(run, `/rest/v1/payout_transfers?select=order_item_id&order_id=in.${ids}`);
  expect(transfers).toHaveLength(ORDERS);
  // recorded ⇒ applied: no event row without its effects
  const events = await service(run, '/rest/v1/payment_events?select=provider_event_id,type,processed_at');
  expect(events.filter((e: any) => !e.processed_at)).toEqual([]);
  expect(events.filter((e: any) => e.type === 'checkout.session.completed')).toHaveLength(ORDERS);
  await new Promise((r) => setTimeout(r, 500));
  const receipts = await service(run, `/rest/v1/orders?select=id&receipt_sent_at=not.is.null&id=in.${ids}`);
  expect(receipts).toHaveLength(ORDERS);
}, 180_000);
