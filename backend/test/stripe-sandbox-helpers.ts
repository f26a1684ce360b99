// Shared by the Stripe sandbox suites: a stack whose sandbox delivers webhooks to a local
// receiver (which verifies them with the SDK and can be told to fail), the official SDK pointed
// at the sandbox, and a generic comparison of an answer with Stripe's fixture of its type.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startTestStack, type TestStack } from './harness.ts';
import type { StackOptions } from '../src/stack.ts';

const fixtures = JSON.parse(fs.readFileSync(new URL('../src/stripe-sandbox/fixtures.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** Differences in keys and value types between an answer and Stripe's sample (null matches anything: nullable). */
export function shapeProblems(actual: unknown, sample: unknown, path = '$', allowExtra: string[] = []): string[] {
  if (sample === null || actual === null || sample === undefined) return [];
  if (Array.isArray(sample)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${typeof actual}`];
    if (sample.length === 0) return [];
    return actual.flatMap((item, i) => shapeProblems(item, sample[0], `${path}[${i}]`, allowExtra));
  }
  if (typeof sample === 'object') {
    // an id string where the sample shows the expanded object (or the reverse) is Stripe's expandable field
    if (typeof actual === 'string' && 'id' in (sample as object)) return [];
    if (typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    const a = actual as Record<string, unknown>;
    const s = sample as Record<string, unknown>;
    // an empty sample object is a free-form map (metadata, fraud_details): any keys
    if (Object.keys(s).length === 0) return [];
    const problems: string[] = [];
    for (const key of Object.keys(s)) {
      if (!(key in a)) problems.push(`${path}.${key}: missing`);
      else problems.push(...shapeProblems(a[key], s[key], `${path}.${key}`, allowExtra));
    }
    for (const key of Object.keys(a)) if (!(key in s) && !allowExtra.includes(`${path}.${key}`)) problems.push(`${path}.${key}: not in Stripe's fixture`);
    return problems;
  }
  if (typeof sample === 'string' && typeof actual === 'object' && actual !== null && 'id' in actual) return []; // expanded
  return typeof actual === typeof sample ? [] : [`${path}: expected ${typeof sample}, got ${JSON.stringify(actual)}`];
}

export function fixtureOf(type: string): unknown {
  const found = fixtures[type];
  if (!found) throw new Error(`no fixture ${type}`);
  return found;
}

/** Problems of an object against the fixture of its own `object` type; events also check data.object. */
export function problemsOf(answer: { object: string }, allowExtra: string[] = []): string[] {
  // the wire JSON: the SDK turns decimal strings into Decimal objects
  const object = JSON.parse(JSON.stringify(answer)) as { object: string };
  if (object.object === 'event') {
    const event = object as unknown as Stripe.Event;
    const sample = fixtureOf('event') as Record<string, unknown>;
    return [
      ...shapeProblems({ ...event, data: {} }, { ...sample, data: {} }, '$', ['$.account', ...allowExtra]),
      ...problemsOf(
        event.data.object as { object: string },
        allowExtra.map((p) => p.replace('$.data.object', '$')),
      ),
    ];
  }
  const type = object.object === 'list' ? undefined : object.object;
  return type ? shapeProblems(object, fixtureOf(type), '$', allowExtra) : [];
}

export interface Delivery {
  body: string;
  signature: string;
  event: Stripe.Event | null;
  verifyError: string | null;
  status: number;
}

/** A webhook endpoint: verifies every delivery with the SDK; `failNext(n)` answers 500 n times. */
export class Receiver {
  readonly deliveries: Delivery[] = [];
  private failures = 0;
  private hangs = 0;
  server!: http.Server;
  url!: string;
  secret = '';
  private readonly sdk = new Stripe('sk_test_unused');

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['stripe-signature'] ?? '');
        if (this.hangs > 0) {
          // never answers: the sandbox must time out and move on
          this.hangs--;
          this.hung.push(body);
          return;
        }
        void this.sdk.webhooks
          .constructEventAsync(body, signature, this.secret)
          .then(
            (event) => ({ event, verifyError: null }),
            (err: Error) => ({ event: null, verifyError: err.message }),
          )
          .then(({ event, verifyError }) => {
            const status = this.failures > 0 ? (this.failures--, 500) : verifyError ? 400 : 200;
            this.deliveries.push({ body, signature, event, verifyError, status });
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ received: status === 200 }));
          });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  failNext(n: number): void {
    this.failures = n;
  }

  /** Bodies of the deliveries left unanswered by hangNext. */
  readonly hung: string[] = [];

  hangNext(n: number): void {
    this.hangs = n;
  }

  /** Verified events received with a 200, by type. */
  received(type?: string): Stripe.Event[] {
    return this.deliveries.filter((d) => d.status === 200 && d.event && (!type || d.event.type === type)).map((d) => d.event!);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > until) throw new Error('timed out waiting for webhooks');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface SandboxHarness {
  stack: TestStack;
  stripe: Stripe;
  receiver: Receiver;
  /** The sandbox's public origin (hosted pages). */
  pages: string;
  /** POST/GET a sandbox-only endpoint with the secret key. */
  sandbox<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<T>;
}

export const secretKey = 'sk_test_sandboxSuite0123456789';
export const webhookSecret = 'whsec_sandboxSuite0123456789';

export async function startSandboxHarness(extra: StackOptions & { keepData?: boolean; receiver?: Receiver } = {}): Promise<SandboxHarness> {
  const receiver = extra.receiver ?? new Receiver();
  if (!extra.receiver) await receiver.start();
  receiver.secret = webhookSecret;
  const stack = await startTestStack({
    ...extra,
    stripe: {
      mode: 'sandbox',
      secretKey,
      webhookSecret,
      sandboxPort: 0,
      webhookUrl: receiver.url,
      retry: { baseMs: 100, maxMs: 400, maxAttempts: 4, timeoutMs: 2_000 },
      accountLinkTtl: 120,
    },
  });
  const url = new URL(stack.stripe!.url);
  const stripe = new Stripe(stack.stripe!.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  const sandbox = async <T>(path: string, body?: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${stack.stripe!.url}/_sandbox${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${stack.stripe!.secretKey}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return { stack, stripe, receiver, pages: stack.stripeSandbox!.url, sandbox };
}

/** A one-item payment-mode session like the checkout function makes. */
export function paymentSession(stripe: Stripe, amount = 1200, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'Wrap dress pattern', metadata: { pattern_id: 'p1' } } } },
    ],
    customer_email: 'buyer@example.com',
    client_reference_id: 'order-1',
    metadata: { order_id: 'order-1' },
    success_url: 'http://localhost:3000/payment/success?order=order-1&session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/payment/error?order=order-1&reason=cancelled',
    payment_intent_data: { transfer_group: 'order-1', metadata: { order_id: 'order-1' } },
    ...extra,
  });
}
