// The embedded Stripe-compatible sandbox: the Stripe API subset Stitchhouse uses, hosted
// checkout / onboarding / billing portal pages, and signed webhooks, on its own origin.
// startStack starts it unless STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET point at real Stripe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '../context.ts';
import { defaultDunning, SandboxCore, type DunningSettings, type RetrySchedule } from './core.ts';
import { createSchema } from './store.ts';
import { requestId } from './http.ts';
import { apiRoutes, sandboxRoutes, sweep } from './routes.ts';
import { WebhookWorker } from './webhooks.ts';
import { checkoutPages } from './pages/checkout.ts';
import { onboardingPages } from './pages/onboarding.ts';
import { portalPages } from './pages/portal.ts';
import { css, favicon } from './pages/layout.ts';

/** Compressed Stripe schedule (Stripe retries for three days): 1 s, 2 s, 4 s … 30 s, 8 attempts. */
export const defaultRetry: RetrySchedule = { baseMs: 1_000, maxMs: 30_000, maxAttempts: 8, timeoutMs: 10_000 };

export interface StripeSandboxOptions {
  pool: pg.Pool;
  log: Logger;
  secretKey: string;
  webhookSecret: string;
  /** 0 picks a free port. */
  port: number;
  /** Where events go (null: logged only). */
  webhookUrl: string | null;
  retry?: Partial<RetrySchedule>;
  /** Seconds an onboarding link stays valid (default 300). */
  accountLinkTtl?: number;
  /** Retries of failed renewals (default: Stripe's Smart Retries, 8 tries in 2 weeks, then canceled). */
  dunning?: Partial<DunningSettings>;
  /** Start delivering webhooks now (default); the stack starts them once the gateway listens. */
  startDeliveries?: boolean;
  /** How often the sandbox looks for expired checkouts and period ends (ms, default 5 s). */
  sweepEveryMs?: number;
}

export interface StripeSandbox {
  /** Public origin of the hosted pages, http://localhost:<port>. */
  url: string;
  /** Where the SDK connects (http://127.0.0.1:<port>: the sandbox binds IPv4 only). */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  core: SandboxCore;
  webhooks: WebhookWorker;
  stop(): Promise<void>;
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  await createSchema(options.pool);
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const core = new SandboxCore(
    options.pool,
    {
      publicUrl: `http://localhost:${port}`,
      secretKey: options.secretKey,
      webhookSecret: options.webhookSecret,
      webhookUrl: options.webhookUrl,
      retry: { ...defaultRetry, ...options.retry },
      accountLinkTtl: options.accountLinkTtl ?? 300,
      dunning: { ...defaultDunning, ...options.dunning },
    },
    options.log,
  );
  await core.load();
  const webhooks = new WebhookWorker(core);

  const app = new Hono();
  app.use('*', async (c, next) => {
    c.set('requestId' as never, requestId() as never);
    await next();
  });
  app.get('/assets/sandbox.css', (c) => c.body(css, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'max-age=300' }));
  // browsers ask every origin for /favicon.ico whatever the page links: both answer the icon, no 404 in the console
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, (c) => c.body(favicon, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400', 'x-content-type-options': 'nosniff' }));
  }
  app.get('/', (c) => c.json({ object: 'stitchhouse.stripe_sandbox', api: `${core.settings.publicUrl}/v1`, docs: 'backend/README.md' }));
  app.route('/v1', apiRoutes(core));
  app.route('/_sandbox', sandboxRoutes(core, webhooks));
  app.route('/checkout', checkoutPages(core));
  app.route('/connect/onboarding', onboardingPages(core));
  app.route('/billing', portalPages(core));
  const listener = getRequestListener(app.fetch);
  server.on('request', (req, res) => void listener(req, res));

  if (options.startDeliveries !== false) await webhooks.start();
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep(core)
      .catch((err) => options.log.error('stripe-sandbox', 'expiry sweep failed', err))
      .finally(() => (sweeping = false));
  }, options.sweepEveryMs ?? 5_000);

  options.log.info('stripe-sandbox', `Stripe sandbox on ${core.settings.publicUrl} (webhooks to ${options.webhookUrl ?? 'nowhere'})`);
  return {
    url: core.settings.publicUrl,
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    core,
    webhooks,
    async stop() {
      clearInterval(sweeper);
      await webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
