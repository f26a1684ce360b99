// Faults: the backend SIGKILLed while the sandbox is delivering a webhook loses no event.
// Events and their deliveries commit with the payment; after a restart every one reaches the
// endpoint (the one in flight at the kill again: Stripe delivers at least once).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killBackend, startBackendProcess, stopBackend, type BackendProcess } from './fixtures/crash/backend-process.ts';

interface Ready {
  stripeUrl: string;
  secretKey: string;
  webhookSecret: string;
}
type Running = BackendProcess<Ready>;

let dataDir: string;
let running: Running | undefined;
let endpoint: http.Server;
let endpointUrl: string;
/** While true the endpoint never answers (a delivery stays in flight). */
let hang = true;
const hanging: http.ServerResponse[] = [];
const received: Array<{ body: string; signature: string }> = [];
let firstArrived: () => void;
const firstDelivery = new Promise<void>((resolve) => (firstArrived = resolve));

const startChild = () => startBackendProcess<Ready>('stripe-process.ts', [dataDir, endpointUrl]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-stripe-crash-'));
  endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hang) {
        hanging.push(res);
        firstArrived();
        return;
      }
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', () => resolve()));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/webhook`;
});

afterAll(async () => {
  if (running) await stopBackend(running);
  endpoint.closeAllConnections();
  endpoint.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function sandbox(run: Running, route: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${run.stripeUrl}/_sandbox${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${run.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe.skipIf(process.env.STITCHHOUSE_TEST_DATABASE === 'postgres')('SIGKILL during a webhook delivery', () => {
  it('delivers every event after the restart', async () => {
    running = await startChild();
    const url = new URL(running.stripeUrl);
    const stripe = new Stripe(running.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: 'crash@example.com',
      success_url: 'http://localhost:3000/ok',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 800, product_data: { name: 'Crash pattern' } } }],
    });
    expect((await sandbox(running, `/checkout/${session.id}/pay`, { card: '4242424242424242' })).status).toBe('succeeded');
    await firstDelivery; // a delivery is on the wire, unanswered
    await killBackend(running, dataDir);
    for (const res of hanging) res.destroy();

    hang = false;
    running = await startChild();
    const sdk = new Stripe('sk_test_unused');
    const deadline = Date.now() + 30_000;
    const types = () => new Set<string>(received.map((r) => (JSON.parse(r.body) as Stripe.Event).type));
    while (!['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed'].every((t) => types().has(t)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect([...types()].sort()).toEqual(['charge.succeeded', 'checkout.session.completed', 'payment_intent.succeeded']);
    for (const r of received) {
      const event = await sdk.webhooks.constructEventAsync(r.body, r.signature, running.webhookSecret);
      expect(event.id).toMatch(/^evt_/);
    }
    const completed = received.map((r) => JSON.parse(r.body) as Stripe.Event).find((e) => e.type === 'checkout.session.completed')!;
    expect((completed.data.object as Stripe.Checkout.Session).id).toBe(session.id);
  }, 120_000);
});
