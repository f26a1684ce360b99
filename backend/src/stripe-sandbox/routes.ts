// The /v1 routes (the subset the functions call; backend/README.md lists it) and the sandbox-only /_sandbox routes.
import type Stripe from 'stripe';
import { Hono, type Context } from 'hono';
import { EVENT_DATA_SQL, type SandboxCore } from './core.ts';
import { invalidRequest, noSuch, StripeApiError } from './errors.ts';
import { api, checkKey, errorResponse, readParams } from './http.ts';
import { arr, int, oneOf, requireInt, str, type Params } from './params.ts';
import { listEvents } from './lists.ts';
import type { WebhookWorker } from './webhooks.ts';
import type { Tx } from './store.ts';
import { createCustomer, getCustomer, updateCustomer } from './api/customers.ts';
import { createPrice, createProduct, getPrice, listPrices } from './api/catalog.ts';
import { authenticate, createSession, expireDueSessions, expireSession, getSession, lineItemsOf, paySession, type PayOutcome } from './api/checkout.ts';
import { createRefund, getCharge, getIntent, getRefund, listCharges } from './api/payments.ts';
import { completeOnboarding, createAccount, createAccountLink, createReversal, createTransfer, getAccount, getTransfer } from './api/connect.ts';
import { advanceSubscriptions, retryDueInvoices, cancelSubscription, createPortalSession, getSubscription, updateSubscription } from './api/billing.ts';
import type { CardInput } from './cards.ts';
import { testCards, WALLETS } from './cards.ts';

const id = (c: Context): string => c.req.param('id')!;

async function getTyped<T>(t: Tx, type: string, objectId: string, label = type): Promise<T> {
  const found = await t.get<T>(objectId);
  if (!found || found.type !== type) throw noSuch(label, objectId);
  return found.data;
}

export function apiRoutes(sb: SandboxCore): Hono {
  const app = new Hono();
  app.post(
    '/customers',
    api(sb, (t, p) => createCustomer(sb, t, p)),
  );
  app.get(
    '/customers/:id',
    api(sb, async (t, _p, c) => (await getCustomer(t, id(c))).data),
  );
  app.post(
    '/customers/:id',
    api(sb, (t, p, c) => updateCustomer(t, id(c), p)),
  );
  app.post(
    '/products',
    api(sb, (t, p) => createProduct(sb, t, p)),
  );
  app.get(
    '/products/:id',
    api(sb, (t, _p, c) => getTyped<Stripe.Product>(t, 'product', id(c))),
  );
  app.post(
    '/prices',
    api(sb, (t, p) => createPrice(sb, t, p)),
  );
  app.get(
    '/prices',
    api(sb, (t, p) => listPrices(t, p)),
  );
  app.get(
    '/prices/:id',
    api(sb, (t, _p, c) => getPrice(t, id(c), 'id')),
  );

  app.post(
    '/checkout/sessions',
    api(sb, (t, p) => createSession(sb, t, p)),
  );
  app.get(
    '/checkout/sessions/:id',
    api(sb, async (t, _p, c) => {
      const stored = await getSession(t, id(c), t.inTransaction);
      // Stripe expires sessions in the background; here the read notices too (and runs again in a transaction to write)
      if (stored.data.status !== 'open' || stored.data.expires_at > t.now) return stored.data;
      t.mustWrite();
      await expireDueSessions(sb, t);
      return (await getSession(t, id(c))).data;
    }),
  );
  app.get(
    '/checkout/sessions/:id/line_items',
    api(sb, async (t, _p, c) => lineItemsOf(await getSession(t, id(c)))),
  );
  app.post(
    '/checkout/sessions/:id/expire',
    api(sb, (t, _p, c) => expireSession(sb, t, id(c))),
  );

  app.get(
    '/payment_intents/:id',
    api(sb, async (t, _p, c) => (await getIntent(t, id(c))).data),
  );
  app.get(
    '/charges/:id',
    api(sb, async (t, _p, c) => (await getCharge(t, id(c), 'id')).data),
  );
  app.get(
    '/charges',
    api(sb, (t, p) => listCharges(t, p)),
  );
  app.get(
    '/balance_transactions/:id',
    api(sb, (t, _p, c) => getTyped<Stripe.BalanceTransaction>(t, 'balance_transaction', id(c))),
  );
  app.post(
    '/refunds',
    api(sb, (t, p) => createRefund(sb, t, p)),
  );
  app.get(
    '/refunds/:id',
    api(sb, (t, _p, c) => getRefund(t, id(c))),
  );

  app.post(
    '/accounts',
    api(sb, (t, p) => createAccount(sb, t, p)),
  );
  app.get(
    '/accounts/:id',
    api(sb, async (t, _p, c) => (await getAccount(t, id(c), 'id')).data),
  );
  app.post(
    '/account_links',
    api(sb, (t, p) => createAccountLink(sb, t, p)),
  );
  app.post(
    '/transfers',
    api(sb, (t, p) => createTransfer(sb, t, p)),
  );
  app.get(
    '/transfers/:id',
    api(sb, async (t, _p, c) => (await getTransfer(t, id(c))).data),
  );
  app.post(
    '/transfers/:id/reversals',
    api(sb, (t, p, c) => createReversal(sb, t, id(c), p)),
  );

  app.post(
    '/billing_portal/sessions',
    api(sb, (t, p) => createPortalSession(sb, t, p)),
  );
  app.get(
    '/subscriptions/:id',
    api(sb, async (t, _p, c) => (await getSubscription(t, id(c))).data),
  );
  app.post(
    '/subscriptions/:id',
    api(sb, (t, p, c) => updateSubscription(sb, t, id(c), p)),
  );
  app.delete(
    '/subscriptions/:id',
    api(sb, (t, _p, c) => cancelSubscription(sb, t, id(c))),
  );
  app.get(
    '/invoices/:id',
    api(sb, (t, _p, c) => getTyped<Stripe.Invoice>(t, 'invoice', id(c))),
  );

  app.get(
    '/events/:id',
    api(sb, async (t, _p, c) => {
      const { rows } = await t.client.query<{ data: Stripe.Event }>(`select ${EVENT_DATA_SQL} as data from _stripe_sandbox.events e where e.id = $1`, [id(c)]);
      if (!rows[0]) throw noSuch('event', id(c));
      return rows[0].data;
    }),
  );
  app.get(
    '/events',
    api(sb, async (t, p) => {
      const type = str(p, 'type');
      const types = arr(p, 'types')?.map(String);
      if (type && types) throw invalidRequest('You may only specify one of these parameters: type, types.', 'parameter_invalid_string', 'types');
      return listEvents(t, p, type ? [type] : types);
    }),
  );
  app.get(
    '/balance',
    api(sb, async (t) => {
      const { rows } = await t.client.query<{ currency: string; available: string }>(
        'select currency, available from _stripe_sandbox.balance order by currency',
      );
      return {
        object: 'balance',
        livemode: false,
        available: rows.map((r) => ({ amount: Number(r.available), currency: r.currency, source_types: { card: Number(r.available) } })),
        pending: rows.map((r) => ({ amount: 0, currency: r.currency, source_types: { card: 0 } })),
        connect_reserved: [],
      };
    }),
  );
  app.all('*', (c) => {
    const err = new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The Stitchhouse sandbox implements the Stripe API subset in docs/payments.md.`,
    });
    return errorResponse(c, err, sb);
  });
  return app;
}

/** A card from sandbox-call params: `card` is the number; expiry, CVC and name default to valid test values. */
export function cardFrom(p: Params, now: number): CardInput {
  const year = new Date(now * 1000).getUTCFullYear() + 3;
  const wallet = oneOf(str(p, 'wallet'), WALLETS, 'wallet');
  return {
    number: str(p, 'card') ?? str(p, 'number') ?? testCards.succeeds,
    exp_month: int(p, 'exp_month') ?? 12,
    exp_year: int(p, 'exp_year') ?? year,
    cvc: str(p, 'cvc') ?? '123',
    name: str(p, 'name') ?? 'Sandbox Buyer',
    country: (str(p, 'country') ?? 'IE').toUpperCase(),
    ...(wallet ? { wallet } : {}),
  };
}

export function outcomeJson(outcome: PayOutcome): Record<string, unknown> {
  const base = { status: outcome.status, session: outcome.session };
  if ('redirect' in outcome) return { ...base, redirect_url: outcome.redirect };
  if ('error' in outcome) return { ...base, error: outcome.error };
  return base;
}

/** Test-only endpoints (never in real Stripe), guarded by the sandbox secret key. */
export function sandboxRoutes(sb: SandboxCore, worker: WebhookWorker): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const denied = checkKey(c, sb.settings.secretKey);
    if (denied) return c.json(denied.toJSON(), 401);
    await next();
  });
  const run = (fn: (c: Context, p: Params) => Promise<unknown>) => async (c: Context) => {
    try {
      const p = await readJsonOrForm(c);
      return c.json((await fn(c, p)) as object);
    } catch (err) {
      return errorResponse(c, err, sb);
    }
  };
  app.post(
    '/checkout/:id/pay',
    run(async (c, p) => {
      const outcome = await sb.tx((t) => paySession(sb, t, id(c), cardFrom(p, t.now), str(p, 'email') ?? null));
      return outcomeJson(outcome);
    }),
  );
  app.post(
    '/checkout/:id/authenticate',
    run(async (c, p) => {
      const outcome = await sb.tx((t) => authenticate(sb, t, id(c), str(p, 'outcome') !== 'fail'));
      return outcomeJson(outcome);
    }),
  );
  app.post(
    '/accounts/:id/complete',
    run((c, p) =>
      sb.tx(async (t) => {
        const account = await getAccount(t, id(c), 'account');
        return completeOnboarding(sb, t, account.id, {
          legalName: str(p, 'legal_name') ?? 'Sandbox Designer',
          country: (str(p, 'country') ?? account.data.country ?? 'IE').toUpperCase(),
          accountNumber: str(p, 'account_number') ?? 'IE29AIBK93115212345678',
        });
      }),
    ),
  );
  app.get('/clock', (c) => c.json({ now: sb.now() }));
  app.post(
    '/clock/advance',
    run(async (_c, p) => {
      const seconds = requireInt(p, 'seconds');
      if (seconds < 0) throw new StripeApiError(400, { type: 'invalid_request_error', message: 'The sandbox clock only moves forward.', param: 'seconds' });
      const now = await sb.advanceClock(seconds);
      const result = await sweep(sb);
      return { now, ...result };
    }),
  );
  app.get(
    '/deliveries',
    run(async (c) => deliveries(sb, new URL(c.req.url).searchParams)),
  );
  app.get('/webhooks', (c) => c.json({ paused: worker.isPaused(), endpoint: sb.settings.webhookUrl, retry: sb.settings.retry }));
  app.post(
    '/webhooks/pause',
    run(async () => (await worker.setPaused(true), { paused: true })),
  );
  app.post(
    '/webhooks/resume',
    run(async () => (await worker.setPaused(false), { paused: false })),
  );
  app.post(
    '/webhooks/retry',
    run(async () => ({ rescheduled: await worker.retryNow() })),
  );
  app.get(
    '/webhooks/idle',
    run(async (c) => ({ idle: await worker.idle(Number(new URL(c.req.url).searchParams.get('timeout_ms') ?? 30_000)) })),
  );
  return app;
}

async function readJsonOrForm(c: Context): Promise<Params> {
  if (c.req.method === 'GET') return {};
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    const text = await c.req.text();
    if (!text) return {};
    const parsed = JSON.parse(text) as Record<string, unknown>;
    // numbers arrive as strings in form bodies; keep one reading path
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
  }
  return (await readParams(c)).params;
}

/** Time-driven work: expired checkouts, subscription period ends, retries of failed renewals. */
export async function sweep(sb: SandboxCore): Promise<{ expired_sessions: number; subscriptions_changed: number; invoices_retried: number }> {
  return sb.tx(async (t) => ({
    expired_sessions: await expireDueSessions(sb, t),
    subscriptions_changed: await advanceSubscriptions(sb, t),
    invoices_retried: await retryDueInvoices(sb, t),
  }));
}

async function deliveries(sb: SandboxCore, query: URLSearchParams): Promise<unknown> {
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 100) || 100, 1), 1000);
  const { rows } = await sb.pool.query(
    `select d.event_id, e.type, d.endpoint, d.status, d.attempts, d.next_attempt_at, d.last_status, d.last_error, d.delivered_at,
            e.data->'created' as created,
            coalesce((select json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'status', a.status, 'error', a.error, 'duration_ms', a.duration_ms) order by a.attempt)
                        from _stripe_sandbox.delivery_attempts a where a.event_id = d.event_id), '[]') as log
       from _stripe_sandbox.deliveries d join _stripe_sandbox.events e on e.id = d.event_id
      where ($1::text is null or d.status = $1) and ($2::text is null or e.type = $2) and ($3::text is null or d.event_id = $3)
      order by e.seq desc limit $4`,
    [query.get('status'), query.get('type'), query.get('event'), limit],
  );
  return { object: 'list', data: rows, has_more: rows.length === limit, url: '/_sandbox/deliveries' };
}
