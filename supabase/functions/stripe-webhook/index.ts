// POST /stripe-webhook (verify_jwt = false in supabase/config.toml: Stripe authenticates by the
// Stripe-Signature header, checked here with the SDK). Each event is recorded in payment_events
// and applied once, in the same transaction as its effects (apply_payment_event). What is applied
// is the provider's CURRENT state, re-fetched here (the order's session, payment intent and
// charge; the subscription; the account), so duplicates change nothing and events in any order
// end in the right state. A success event for an order already paid needs no re-fetch: it is
// applied in one call (apply_payment_success), and a worker takes one order's events in turn, so a
// payment's events delivered together find the first one's effects. Stripe-side follow-ups
// (transfers, reversals), the receipt and the store owner's billing mails
// (_shared/billing-notices.ts) and the buyer's refund email (_shared/refund-notice.ts) run after
// the commit and are idempotent; a failure answers 500 so Stripe retries.
import { sendBillingNotices } from '../_shared/billing-notices.ts';
import { z } from 'zod';
import { asJson, json, serviceClient } from '../_shared/clients.ts';
import { FunctionError, handler } from '../_shared/handler.ts';
import { releaseHeld, reverseDue, sendReceipt } from '../_shared/payouts.ts';
import { sendRefundNotices } from '../_shared/refund-notice.ts';
import { providerName, stripe, verifiedEvent, type Stripe } from '../_shared/stripe.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Facts = Record<string, unknown>;
/** What orderFacts needs of the order (read by it, or answered by apply_payment_success). */
type OrderRow = { status: string; provider_session_id: string | null; provider_payment_intent_id: string | null };

/** One service client for the worker's life (it holds no session): a client per call cost more than the call. */
let service: ReturnType<typeof serviceClient> | undefined;
const db = () => (service ??= serviceClient());

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** Each order's last event handled in this worker (a promise settled when it is done). */
const orderTurns = new Map<string, Promise<void>>();

/**
 * Runs fn after this worker's earlier events of the same order: a payment's three events,
 * delivered at once, then find what the first applied (a success event of a paid order needs no
 * re-fetch). Events of other orders, and of the same order in another worker, still run alongside:
 * this only saves work, every event is applied as if it were alone.
 */
async function inTurn<T>(orderId: string | null, fn: () => Promise<T>): Promise<T> {
  if (!orderId) return fn();
  const before = orderTurns.get(orderId);
  const run = (before ?? Promise.resolve()).then(fn);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  orderTurns.set(orderId, done);
  void done.then(() => {
    if (orderTurns.get(orderId) === done) orderTurns.delete(orderId);
  });
  return run;
}

/** The order an event names in its object (the metadata the checkout wrote, or the session's reference). */
function orderOf(event: Stripe.Event): string | null {
  const obj = event.data.object as { metadata?: Record<string, string> | null; client_reference_id?: string | null; object?: string };
  const id = obj.metadata?.order_id ?? (obj.object === 'checkout.session' ? obj.client_reference_id : null);
  return id && UUID.test(id) ? id : null;
}

/**
 * The order's state at Stripe now: its Checkout Session, PaymentIntent and latest Charge.
 * `onlySuccess`: the event says no more than that the payment succeeded (payment_intent.succeeded,
 * charge.succeeded). An order already paid has applied a re-fetch that saw that success, and every
 * later change at Stripe (a refund, a dispute) raises its own event, which re-fetches: so such an
 * event adds nothing, and the order alone is its facts (its follow-ups are still looked up).
 */
async function orderFacts(orderId: string | null | undefined, fallbackSessionId?: string, onlySuccess = false, known?: OrderRow | null): Promise<Facts> {
  if (!orderId || !UUID.test(orderId)) return { ignored: 'not a Stitchhouse order (no order_id metadata)' };
  let order = known;
  if (order === undefined) {
    const { data, error } = await db().from('orders').select('status, provider_session_id, provider_payment_intent_id').eq('id', orderId).maybeSingle();
    if (error) throw error;
    order = data;
  }
  if (!order) return { order_id: orderId };
  if (onlySuccess && order.status === 'paid') return { order_id: orderId };
  const sessionId = (order.provider_session_id as string | null) ?? fallbackSessionId;
  const facts: Facts = { order_id: orderId };
  const intentId = order.provider_payment_intent_id as string | null;
  // one round trip: the session with its payment intent and that intent's latest charge
  const s = sessionId ? await stripe().checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }) : null;
  if (s) {
    facts.session = {
      id: s.id,
      status: s.status,
      payment_status: s.payment_status,
      amount_total: s.amount_total,
      currency: s.currency,
      customer_email: s.customer_details?.email ?? s.customer_email ?? null,
    };
  }
  const pi =
    s && s.payment_intent && typeof s.payment_intent === 'object'
      ? s.payment_intent
      : intentId
        ? await stripe().paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })
        : null;
  if (pi) {
    facts.payment_intent = {
      id: pi.id,
      status: pi.status,
      last_payment_error: pi.last_payment_error
        ? { code: pi.last_payment_error.code ?? null, decline_code: pi.last_payment_error.decline_code ?? null, message: pi.last_payment_error.message ?? null }
        : null,
    };
    const ch = pi.latest_charge;
    if (ch && typeof ch === 'object') {
      facts.charge = { id: ch.id, amount: ch.amount, amount_refunded: ch.amount_refunded, refunded: ch.refunded };
    } else if (typeof ch === 'string') {
      const charge = await stripe().charges.retrieve(ch);
      facts.charge = { id: charge.id, amount: charge.amount, amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    }
  }
  return facts;
}

/** The subscription as Stripe has it now, with the store it pays for. */
async function subscriptionFacts(subscriptionId: string | null): Promise<Facts> {
  if (!subscriptionId) return { ignored: 'no subscription on this object' };
  const sub = await stripe().subscriptions.retrieve(subscriptionId);
  const metadata = { ...sub.metadata };
  if (!metadata.store_id) {
    const { data } = await db()
      .from('billing_customers')
      .select('store_id')
      .eq('provider_customer_id', idOf(sub.customer) ?? '')
      .maybeSingle();
    if (data) metadata.store_id = data.store_id as string;
  }
  return { subscription: { ...sub, customer: idOf(sub.customer), metadata } };
}

async function factsFor(event: Stripe.Event): Promise<Facts> {
  // Stripe.Event is a union on `type`: each case below reads its own object's type.
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (session.mode === 'subscription') return subscriptionFacts(idOf(session.subscription));
      return orderFacts(session.metadata?.order_id ?? session.client_reference_id, session.id);
    }
    case 'payment_intent.succeeded':
      return orderFacts(event.data.object.metadata?.order_id, undefined, true);
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return orderFacts(event.data.object.metadata?.order_id);
    case 'charge.succeeded':
    case 'charge.failed':
    case 'charge.refunded':
    case 'charge.refund.updated': {
      // a charge, or (charge.refund.updated) a refund: both carry the order's metadata or their payment intent
      const obj = event.data.object;
      let orderId = obj.metadata?.order_id;
      const intentId = idOf(obj.payment_intent);
      if (!orderId && intentId) orderId = (await stripe().paymentIntents.retrieve(intentId)).metadata?.order_id;
      return orderFacts(orderId, undefined, event.type === 'charge.succeeded');
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return subscriptionFacts(event.data.object.id);
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_succeeded':
      // API 2025-03-31 on: the invoice names its subscription in its parent (no top-level invoice.subscription)
      return subscriptionFacts(idOf(event.data.object.parent?.subscription_details?.subscription));
    case 'account.updated':
      return { account: await stripe().accounts.retrieve(event.data.object.id) };
    default:
      return { ignored: `${event.type} needs no action` };
  }
}

/** What apply_payment_event (and payment_followups) answer (jsonb). */
const appliedEvent = z.object({
  duplicate: z.boolean(),
  paid_now: z.boolean().optional(),
  order_id: z.string().optional(),
  recipient_id: z.string().nullish(),
  receipt_due: z.boolean().optional(),
  release_due: z.boolean().optional(),
  reversal_due: z.boolean().optional(),
  refund_notice_due: z.boolean().optional(),
});
type Applied = z.infer<typeof appliedEvent>;

/**
 * Stripe-side work after the commit; the flags (from the same transaction) skip what is not due.
 * The receipt goes with the one event that made the order paid (`paid_now`): a payment's other
 * events, arriving alongside it, leave it to that one; a failure answers 500, and the retry
 * (a duplicate) sends it from payment_followups.
 */
async function followUp(applied: Applied): Promise<void> {
  if (applied.order_id) {
    if (applied.receipt_due && (applied.paid_now || applied.duplicate)) await sendReceipt(applied.order_id, db());
    if (applied.release_due) await releaseHeld({ orderId: applied.order_id }, db());
    if (applied.reversal_due) await reverseDue({ orderId: applied.order_id }, db());
    // the buyer's refund email for each credit note the refund made (the flag comes from the same transaction)
    if (applied.refund_notice_due) await sendRefundNotices(applied.order_id, db());
  }
  if (applied.recipient_id && applied.release_due) await releaseHeld({ recipientId: applied.recipient_id }, db());
}

/** Events that say no more than that an order's payment succeeded (see orderFacts' onlySuccess). */
const SUCCESS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'payment_intent.succeeded', 'charge.succeeded']);

/**
 * A success event naming its order, in one call (apply_payment_success): applied when the order is
 * already paid (the order alone is its facts); otherwise the facts re-fetched for the order the
 * call answered, without reading it again. Null for every other event.
 */
async function successFirst(event: Stripe.Event, orderId: string | null, body: unknown): Promise<{ facts: Facts; applied?: Applied } | null> {
  if (!orderId || !SUCCESS.has(event.type)) return null;
  const object = event.data.object as { object?: string; id: string; mode?: string };
  if (object.object === 'checkout.session' && object.mode === 'subscription') return null;
  const { data, error } = await db().rpc('apply_payment_success', { p_provider: providerName(), p_event: asJson(body), p_order_id: orderId });
  if (error) throw new Error(`apply_payment_success: ${error.message}`);
  const answer = data as { needs_facts?: boolean; order?: OrderRow | null } | null;
  if (!answer?.needs_facts) return { facts: { order_id: orderId }, applied: appliedEvent.parse(data) };
  const sessionId = object.object === 'checkout.session' ? object.id : undefined;
  return { facts: await orderFacts(orderId, sessionId, false, answer.order ?? null) };
}

async function webhook(req: Request): Promise<Response> {
  const payload = await req.text();
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(payload, req.headers.get('stripe-signature'));
  } catch (err) {
    throw new FunctionError('invalid_signature', `The webhook signature could not be verified: ${(err as Error).message}`, 400);
  }
  const orderId = orderOf(event);
  return inTurn(orderId, () => handle(event, payload, orderId));
}

async function handle(event: Stripe.Event, payload: string, orderId: string | null): Promise<Response> {
  try {
    const body: unknown = JSON.parse(payload);
    const fast = await successFirst(event, orderId, body);
    const facts = fast?.facts ?? (await factsFor(event));
    let applied = fast?.applied;
    if (!applied) {
      const { data, error } = await db().rpc('apply_payment_event', {
        p_provider: providerName(),
        p_event: asJson(body),
        p_facts: asJson(facts),
      });
      if (error) throw new Error(`apply_payment_event: ${error.message}`);
      applied = appliedEvent.parse(data);
    }
    // Duplicates also run the follow-ups: a delivery after a crash finishes what the first one left.
    if (applied.duplicate && typeof facts.order_id === 'string') {
      const { data: due, error: dueError } = await db().rpc('payment_followups', { p_order_id: facts.order_id });
      if (dueError) throw new Error(`payment_followups: ${dueError.message}`);
      await followUp({ duplicate: true, order_id: facts.order_id, ...(due as object) });
    } else if (applied.duplicate && facts.account) {
      const { data: account } = await db()
        .from('payout_accounts')
        .select('user_id, payouts_enabled')
        .eq('stripe_account_id', (facts.account as { id: string }).id)
        .maybeSingle();
      if (account?.payouts_enabled) await releaseHeld({ recipientId: account.user_id as string }, db());
    } else {
      await followUp(applied);
    }
    // the store owner's mails about their plan (renewal failed, plan ended), each once, duplicates included
    if (facts.subscription) await sendBillingNotices(event, facts);
    return json({ received: true, duplicate: applied.duplicate });
  } catch (err) {
    console.error(`stripe-webhook: ${event.type} ${event.id} failed`, err);
    throw new FunctionError('server_error', 'The event could not be applied; Stripe will retry.', 500);
  }
}

// server to server: Stripe sends no preflight, so no CORS; the one error shape and log line all the same
Deno.serve(handler({ name: 'stripe-webhook', methods: ['POST'], cors: false }, webhook));
