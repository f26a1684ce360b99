// subscriptions (made by subscription-mode checkout; retrieve, update, cancel), their
// invoices, renewals when the sandbox clock passes a period end, retries of a failed renewal on
// the dunning schedule (settings.dunning: Stripe's Smart Retries by default, then canceled),
// billing portal sessions.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { list } from '../core.ts';
import { offSessionBehaviour, type CardInput } from '../cards.ts';
import { invalidParam, invalidRequest, missingParam, noSuch, StripeApiError } from '../errors.ts';
import { shaped } from '../fixtures.ts';
import { declaredValues } from '../declared.ts';
import { newId } from '../ids.ts';
import { arr, bool, metadata, oneOf, requireStr, str, type Params } from '../params.ts';
import type { Stored, Tx } from '../store.ts';
import { getCustomer } from './customers.ts';
import { getPrice } from './catalog.ts';
import { createCharge, createPaymentIntent } from './payments.ts';
import { taxOn, taxRateFor } from '../tax.ts';
import { customerLanguage, intlLocale, texts } from '../pages/texts.ts';

/** Adds whole months (or years) the way Stripe anchors billing: same day, clamped to the month's end. */
export function addInterval(start: number, interval: Stripe.Price.Recurring.Interval, count: number): number {
  const d = new Date(start * 1000);
  if (interval === 'day') return start + 86400 * count;
  if (interval === 'week') return start + 7 * 86400 * count;
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  } as Stripe.Plan;
}

function subscriptionItem(
  t: Tx,
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  start: number,
  end: number,
  id = newId('si', 14),
): Stripe.SubscriptionItem {
  return shaped<Stripe.SubscriptionItem>('subscription_item', {
    id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: t.now,
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
    current_trial: null,
  });
}

export interface NewSubscription {
  customer: string;
  items: Array<{ price: Stripe.Price; quantity: number }>;
  metadata: Record<string, string>;
  automaticTax: boolean;
  card: CardInput;
  intent: Stripe.PaymentIntent;
}

/** Subscription-mode checkout paid: the subscription, its first invoice (paid) and their events. */
export async function startSubscription(
  sb: SandboxCore,
  t: Tx,
  args: NewSubscription,
): Promise<{ subscription: Stripe.Subscription; invoice: Stripe.Invoice }> {
  const id = newId('sub');
  const first = args.items[0]!.price;
  const end = addInterval(t.now, first.recurring!.interval, first.recurring!.interval_count);
  const items = args.items.map((i) => subscriptionItem(t, id, i.price, i.quantity, t.now, end));
  let subscription = shaped<Stripe.Subscription>('subscription', {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { enabled: args.automaticTax, liability: args.automaticTax ? { type: 'self' } : null, disabled_reason: null },
    billing_cycle_anchor: t.now,
    billing_cycle_anchor_config: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: t.now,
    currency: first.currency,
    customer: args.customer,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' }, custom_fields: null, description: null, footer: null },
    items: list(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: args.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: t.now,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
    billing_thresholds: null,
    billing_mode: { type: 'classic', flexible: null },
    customer_account: null,
    managed_payments: null,
    billing_schedules: [],
  });
  await t.insert('subscription', subscription);
  const invoice = await invoiceFor(sb, t, subscription, 'subscription_create', args.intent, args.card);
  subscription = { ...subscription, latest_invoice: invoice.id };
  await t.update(subscription);
  await sb.emit(t, 'customer.subscription.created', subscription);
  await sb.emit(t, 'invoice.paid', invoice);
  return { subscription, invoice };
}

/** One line of an invoice: a subscription item's price for a period, or a proration of it (negative: unused time credited). */
export interface InvoiceLineInput {
  item: Stripe.SubscriptionItem;
  price: Stripe.Price;
  quantity: number;
  amount: number;
  period: { start: number; end: number };
  proration: boolean;
  description: string;
}

/** Each item's price for its current period: what a new period (first invoice, renewal) bills. */
function periodLines(subscription: Stripe.Subscription): InvoiceLineInput[] {
  return subscription.items.data.map((i) => ({
    item: i,
    price: i.price,
    quantity: i.quantity ?? 1,
    amount: (i.price.unit_amount ?? 0) * (i.quantity ?? 1),
    period: { start: i.current_period_start, end: i.current_period_end },
    proration: false,
    description: `${i.quantity ?? 1} × ${i.price.nickname ?? i.price.id}`,
  }));
}

/**
 * An invoice for the subscription (its current period, or the given lines), charged to the card;
 * paid or payment failed. The customer's balance is applied first, as Stripe does: a credit
 * (negative balance) lowers what is due, and a negative total is kept as credit for later invoices.
 */
async function invoiceFor(
  sb: SandboxCore,
  t: Tx,
  subscription: Stripe.Subscription,
  reason: Stripe.Invoice.BillingReason,
  existingIntent: Stripe.PaymentIntent | null,
  card: CardInput | undefined,
  lineInputs: InvoiceLineInput[] = periodLines(subscription),
): Promise<Stripe.Invoice> {
  const id = newId('in');
  // locked before the balance (createCharge), in the order checkout takes them
  const customer = await getCustomer(t, subscription.customer as string, 'customer', true);
  const item = subscription.items.data[0]!;
  // automatic tax: the customer's country (checkout saved the one the buyer confirmed on the page)
  const rate = subscription.automatic_tax.enabled ? taxRateFor(customer.data.address?.country) : null;
  const taxed = lineInputs.map((l) => {
    // a credit is taxed as the charge it undoes, with the opposite sign
    const sign = l.amount < 0 ? -1 : 1;
    const { tax, total, behaviour } = taxOn(Math.abs(l.amount), l.price, rate);
    return { line: l, item: l.item, base: l.amount, tax: sign * tax, total: sign * total, behaviour };
  });
  const subtotal = taxed.reduce((sum, l) => sum + l.base, 0);
  const taxTotal = taxed.reduce((sum, l) => sum + l.tax, 0);
  const total = taxed.reduce((sum, l) => sum + l.total, 0);
  const startingBalance = customer.data.balance ?? 0;
  const amount = Math.max(0, total + startingBalance);
  const endingBalance = Math.min(0, total + startingBalance);
  const taxRateId = `txr_auto_${(rate?.country ?? 'none').toLowerCase()}_${rate?.rateBp ?? 0}`;
  const taxesOf = (l: (typeof taxed)[number]) =>
    rate
      ? [
          {
            amount: l.tax,
            tax_behavior: l.behaviour,
            tax_rate_details: { tax_rate: taxRateId },
            taxability_reason: rate.rateBp ? ('standard_rated' as const) : ('not_collecting' as const),
            taxable_amount: l.behaviour === 'inclusive' ? l.base - l.tax : l.base,
            type: 'tax_rate_details' as const,
          },
        ]
      : [];
  // nothing due (the balance covers it): paid without a payment
  const intent =
    amount === 0
      ? null
      : (existingIntent ??
        (await createPaymentIntent(t, { amount, currency: subscription.currency, customer: customer.id, description: 'Subscription update' })));
  // the first invoice was paid at checkout (existingIntent); renewals charge the card on file off-session
  const behaviour = card ? (existingIntent ? { kind: 'succeeds' as const } : offSessionBehaviour(card.number)) : undefined;
  const paid = amount === 0 || behaviour?.kind === 'succeeds';
  // a failed renewal is tried again on the dunning schedule (retryDueInvoices)
  const firstRetry = sb.settings.dunning.retryDays[0];
  const nextAttempt = !paid && reason === 'subscription_cycle' && firstRetry !== undefined ? t.now + firstRetry * 86400 : null;
  let chargeId: string | null = null;
  if (card && !existingIntent && intent) {
    const charge = await createCharge(sb, t, {
      intent,
      card,
      billingEmail: customer.data.email,
      decline: behaviour?.kind === 'declined' ? behaviour.decline : undefined,
    });
    chargeId = charge.id;
    const decline = behaviour?.kind === 'declined' ? behaviour.decline : undefined;
    await t.update({
      ...intent,
      status: paid ? 'succeeded' : 'requires_payment_method',
      amount_received: paid ? amount : 0,
      latest_charge: charge.id,
      last_payment_error: decline ? ({ type: 'card_error', ...decline, charge: charge.id } as Stripe.PaymentIntent.LastPaymentError) : null,
    });
  }
  const lines = taxed
    .map((l) => ({ l: l.line, taxes: taxesOf(l) }))
    .map(({ l, taxes }) => ({
      id: newId('il'),
      object: 'line_item',
      amount: l.amount,
      currency: subscription.currency,
      description: l.description,
      discount_amounts: [],
      discountable: !l.proration,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      period: { end: l.period.end, start: l.period.start },
      quantity: l.quantity,
      subscription: subscription.id,
      pretax_credit_amounts: [],
      taxes,
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: l.proration,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: l.item.id,
        },
      },
      pricing: { type: 'price_details', price_details: { price: l.price.id, product: l.price.product }, unit_amount_decimal: l.price.unit_amount_decimal },
      subtotal: l.amount,
      quantity_decimal: String(l.quantity),
    }));
  const invoice = shaped<Stripe.Invoice>('invoice', {
    id,
    object: 'invoice',
    account_country: 'IE',
    account_name: 'Stitchhouse',
    account_tax_ids: null,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !paid,
    automatic_tax: {
      enabled: subscription.automatic_tax.enabled,
      liability: subscription.automatic_tax.enabled ? { type: 'self' } : null,
      status: subscription.automatic_tax.enabled ? (rate ? 'complete' : 'requires_location_inputs') : null,
      disabled_reason: null,
      provider: subscription.automatic_tax.enabled ? 'stripe' : null,
    },
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: t.now,
    currency: subscription.currency,
    custom_fields: null,
    customer: customer.id,
    customer_address: customer.data.address,
    customer_email: customer.data.email,
    customer_name: customer.data.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: t.now,
    ending_balance: endingBalance,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: sb.url(`/invoices/${id}`),
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: nextAttempt,
    number: `${customer.data.invoice_prefix}-${String(customer.data.next_invoice_sequence ?? 1).padStart(4, '0')}`,
    on_behalf_of: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: t.now, marked_uncollectible_at: null, paid_at: paid ? t.now : null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal - taxed.filter((l) => l.behaviour === 'inclusive').reduce((sum, l) => sum + l.tax, 0),
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total - taxTotal,
    webhooks_delivered_at: null,
    automatically_finalizes_at: null,
    total_pretax_credit_amounts: [],
    total_taxes: taxed.flatMap(taxesOf),
    amount_overpaid: 0,
    customer_account: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
  });
  await t.insert('invoice', invoice, { payment_intent: intent?.id ?? null, charge: chargeId });
  await t.update({ ...customer.data, balance: endingBalance, next_invoice_sequence: (customer.data.next_invoice_sequence ?? 1) + 1 });
  return invoice;
}

export async function getSubscription(t: Tx, id: string, lock = false): Promise<Stored<Stripe.Subscription>> {
  const found = await t.get<Stripe.Subscription>(id, { lock });
  if (!found || found.type !== 'subscription') throw noSuch('subscription', id);
  return found;
}

/** Fields whose old values go into the event's previous_attributes. */
function changed(before: Stripe.Subscription, after: Stripe.Subscription): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof Stripe.Subscription>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}

export async function saveSubscriptionChange(sb: SandboxCore, t: Tx, before: Stripe.Subscription, after: Stripe.Subscription): Promise<Stripe.Subscription> {
  const previous = changed(before, after);
  if (Object.keys(previous).length === 0) return before;
  await t.update(after);
  await sb.emit(t, after.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', after, { previous });
  return after;
}

/**
 * POST /v1/subscriptions/:id — cancel_at_period_end, items[{id, price, quantity}], proration_behavior,
 * payment_behavior, metadata. A new price on another interval restarts the billing period now and
 * is invoiced at once (Stripe resets the billing cycle anchor), less the unused time of the old
 * price unless proration_behavior is none; always_invoice bills a change within the interval at
 * once (unused time credited, remaining time charged). create_prorations within the interval would
 * leave pending invoice items for the next renewal, which the sandbox does not keep: refused.
 * payment_behavior error_if_incomplete refuses the whole update (402 card_error) when that invoice
 * cannot be paid; allow_incomplete (the default) keeps the update, the invoice open, past_due.
 */
export async function updateSubscription(sb: SandboxCore, t: Tx, id: string, p: Params): Promise<Stripe.Subscription> {
  const stored = await getSubscription(t, id, true);
  const before = stored.data;
  if (before.status === 'canceled') {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  let after: Stripe.Subscription = { ...before, metadata: metadata(p, 'metadata', before.metadata) };
  const cancelAtPeriodEnd = bool(p, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) after = withCancelAtPeriodEnd(after, cancelAtPeriodEnd, t.now);
  const proration = oneOf(str(p, 'proration_behavior'), ['always_invoice', 'create_prorations', 'none'] as const, 'proration_behavior') ?? 'create_prorations';
  const paymentBehavior =
    oneOf(
      str(p, 'payment_behavior'),
      ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const,
      'payment_behavior',
    ) ?? 'allow_incomplete';
  if (paymentBehavior === 'default_incomplete' || paymentBehavior === 'pending_if_incomplete') {
    throw invalidParam('payment_behavior', `The Stitchhouse sandbox takes payment_behavior allow_incomplete or error_if_incomplete, not ${paymentBehavior}.`);
  }
  const items = arr(p, 'items');
  const repriced: Array<{ old: Stripe.SubscriptionItem; now: Stripe.SubscriptionItem }> = [];
  let restart = false;
  if (items) {
    const data = [...after.items.data];
    for (const [index, raw] of items.entries()) {
      const entry = (raw ?? {}) as Params;
      const path = `items[${index}]`;
      const itemId = str(entry, 'id', `${path}[id]`);
      const priceId = str(entry, 'price', `${path}[price]`);
      const at = itemId ? data.findIndex((i) => i.id === itemId) : -1;
      if (itemId && at < 0) throw noSuch('subscription_item', itemId, `${path}[id]`);
      if (!priceId) {
        if (!itemId) throw missingParam(`${path}[price]`);
        continue;
      }
      const price = await getPrice(t, priceId, `${path}[price]`);
      if (!price.recurring)
        throw invalidParam(`${path}[price]`, `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`);
      if (price.currency !== after.currency)
        throw invalidParam(`${path}[price]`, `The price specified uses currency ${price.currency}; this subscription is in ${after.currency}.`);
      const current = at >= 0 ? data[at]! : undefined;
      const quantity = Number(str(entry, 'quantity', `${path}[quantity]`) ?? current?.quantity ?? 1);
      const start = current?.current_period_start ?? t.now;
      const intervalChanged = Boolean(
        current &&
        (current.price.recurring?.interval !== price.recurring.interval || current.price.recurring?.interval_count !== price.recurring.interval_count),
      );
      // a new interval restarts the billing period, like Stripe
      const item = subscriptionItem(
        t,
        after.id,
        price,
        quantity,
        intervalChanged ? t.now : start,
        intervalChanged
          ? addInterval(t.now, price.recurring.interval, price.recurring.interval_count)
          : (current?.current_period_end ?? addInterval(t.now, price.recurring.interval, price.recurring.interval_count)),
        current?.id,
      );
      if (current) {
        data[at] = { ...item, created: current.created };
        if (current.price.id !== price.id || (current.quantity ?? 1) !== quantity) repriced.push({ old: current, now: data[at]! });
      } else data.push(item);
      if (intervalChanged) restart = true;
    }
    after = { ...after, items: { ...after.items, data } };
    if (restart) after = { ...after, billing_cycle_anchor: t.now };
    if (after.cancel_at_period_end) after = withCancelAtPeriodEnd(after, true, t.now);
  }
  const invoiceNow = restart || (repriced.length > 0 && proration === 'always_invoice');
  if (!invoiceNow) {
    if (repriced.length > 0 && proration === 'create_prorations') {
      throw invalidParam(
        'proration_behavior',
        'The Stitchhouse sandbox bills prorations at once only: for a price change within the billing interval use proration_behavior always_invoice or none.',
      );
    }
    return saveSubscriptionChange(sb, t, before, after);
  }

  const label = async (price: Stripe.Price) => price.nickname ?? (await t.get<Stripe.Product>(price.product as string))?.data.name ?? price.id;
  // Stripe writes the lines in the customer's language (its preferred_locales)
  const language = customerLanguage((await getCustomer(t, after.customer as string)).data.preferred_locales);
  const words = texts(language).invoice;
  const day = new Date(t.now * 1000).toLocaleDateString(language === 'en' ? 'en-GB' : intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const lines: InvoiceLineInput[] = [];
  for (const { old, now } of repriced) {
    const length = old.current_period_end - old.current_period_start;
    const left = Math.max(0, old.current_period_end - t.now);
    if (proration !== 'none' && length > 0 && left > 0) {
      const unused = Math.round(((old.price.unit_amount ?? 0) * (old.quantity ?? 1) * left) / length);
      if (unused > 0) {
        lines.push({
          item: now,
          price: old.price,
          quantity: old.quantity ?? 1,
          amount: -unused,
          period: { start: t.now, end: old.current_period_end },
          proration: true,
          description: words.unusedTime(old.quantity ?? 1, await label(old.price), day),
        });
      }
      if (!restart) {
        const remaining = Math.round(((now.price.unit_amount ?? 0) * (now.quantity ?? 1) * left) / length);
        lines.push({
          item: now,
          price: now.price,
          quantity: now.quantity ?? 1,
          amount: remaining,
          period: { start: t.now, end: now.current_period_end },
          proration: true,
          description: words.remainingTime(now.quantity ?? 1, await label(now.price), day),
        });
      }
    }
  }
  if (restart) {
    // the new period, every item at its full price
    for (const i of after.items.data) {
      lines.push({
        item: i,
        price: i.price,
        quantity: i.quantity ?? 1,
        amount: (i.price.unit_amount ?? 0) * (i.quantity ?? 1),
        period: { start: i.current_period_start, end: i.current_period_end },
        proration: false,
        description: `${i.quantity ?? 1} × ${await label(i.price)}`,
      });
    }
  }
  const customer = await getCustomer(t, after.customer as string);
  const card = customer.internal.card as CardInput | undefined;
  const invoice = await invoiceFor(sb, t, after, 'subscription_update', null, card, lines);
  if (invoice.status !== 'paid') {
    if (paymentBehavior === 'error_if_incomplete') {
      // the whole update is refused: this transaction (the invoice, the failed charge) rolls back
      const behaviour = card ? offSessionBehaviour(card.number) : undefined;
      const decline = behaviour?.kind === 'declined' ? behaviour.decline : undefined;
      throw new StripeApiError(
        decline ? 402 : 400,
        decline
          ? { type: 'card_error', code: decline.code, ...(decline.decline_code ? { decline_code: decline.decline_code } : {}), message: decline.message }
          : {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
            },
      );
    }
    after = { ...after, status: 'past_due' };
  }
  after = { ...after, latest_invoice: invoice.id };
  const saved = await saveSubscriptionChange(sb, t, before, after);
  await sb.emit(t, invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
  return saved;
}

export function periodEnd(subscription: Stripe.Subscription): number {
  return Math.min(...subscription.items.data.map((i) => i.current_period_end));
}

export function withCancelAtPeriodEnd(s: Stripe.Subscription, on: boolean, now: number): Stripe.Subscription {
  return on
    ? {
        ...s,
        cancel_at_period_end: true,
        cancel_at: periodEnd(s),
        canceled_at: s.canceled_at ?? now,
        cancellation_details: { ...s.cancellation_details!, reason: 'cancellation_requested' },
      }
    : {
        ...s,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: { ...s.cancellation_details!, comment: null, feedback: null, reason: null },
      };
}

/** DELETE /v1/subscriptions/:id — ends it now. */
export async function cancelSubscription(sb: SandboxCore, t: Tx, id: string): Promise<Stripe.Subscription> {
  const stored = await getSubscription(t, id, true);
  const before = stored.data;
  if (before.status === 'canceled') throw invalidRequest(`No such subscription: '${id}'; it has been canceled.`, 'resource_missing', 'id');
  return saveSubscriptionChange(sb, t, before, ended(before, t.now, 'cancellation_requested'));
}

function ended(s: Stripe.Subscription, now: number, reason: 'cancellation_requested' | 'payment_failed'): Stripe.Subscription {
  return { ...s, status: 'canceled', ended_at: now, canceled_at: s.canceled_at ?? now, cancellation_details: { ...s.cancellation_details!, reason } };
}

/** Ends the periods the clock has passed: renewal (invoice.paid or invoice.payment_failed) or cancellation. */
export async function advanceSubscriptions(sb: SandboxCore, t: Tx): Promise<number> {
  const due = await t.find<Stripe.Subscription>('subscription', `data->>'status' in ('active', 'past_due')`, [], { lock: true });
  let changedCount = 0;
  for (const stored of due) {
    let current = stored.data;
    for (let guard = 0; guard < 120 && current.status !== 'canceled' && periodEnd(current) <= t.now; guard++) {
      const before = current;
      const end = periodEnd(current);
      if (current.cancel_at_period_end) {
        current = await saveSubscriptionChange(sb, t, before, ended(current, end, 'cancellation_requested'));
        break;
      }
      const items = current.items.data.map((i) => ({
        ...i,
        current_period_start: i.current_period_end,
        current_period_end: addInterval(i.current_period_end, i.price.recurring!.interval, i.price.recurring!.interval_count),
      }));
      current = { ...current, items: { ...current.items, data: items } };
      const customer = await getCustomer(t, current.customer as string);
      const card = customer.internal.card as CardInput | undefined;
      const invoice = await invoiceFor(sb, t, current, 'subscription_cycle', null, card);
      current = { ...current, latest_invoice: invoice.id, status: invoice.status === 'paid' ? 'active' : 'past_due' };
      await sb.emit(t, invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
      current = await saveSubscriptionChange(sb, t, before, current);
    }
    if (current !== stored.data) changedCount++;
  }
  return changedCount;
}

/**
 * Tries again the open renewal invoices whose next_payment_attempt the clock has passed, with the
 * customer's card on file now (the owner may have replaced it in the portal): paid → invoice.paid
 * and the subscription active again; failed → invoice.payment_failed and the next try on the
 * schedule, or, after the last one, the subscription canceled (customer.subscription.deleted,
 * reason payment_failed), unpaid or left past due, as settings.dunning says.
 */
export async function retryDueInvoices(sb: SandboxCore, t: Tx): Promise<number> {
  const due = await t.find<Stripe.Invoice>('invoice', `data->>'status' = 'open' and (data->>'next_payment_attempt')::bigint <= $2`, [t.now], { lock: true });
  const { retryDays, onFinalFailure } = sb.settings.dunning;
  let retried = 0;
  for (const stored of due.reverse()) {
    let invoice = stored.data;
    let internal = stored.internal;
    const subscription = await getSubscription(t, invoice.parent?.subscription_details?.subscription as string, true);
    if (subscription.data.status === 'canceled') {
      await t.update({ ...invoice, next_payment_attempt: null, auto_advance: false });
      continue;
    }
    const firstFailure = invoice.status_transitions.finalized_at ?? invoice.created;
    while (invoice.status === 'open' && invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= t.now) {
      const customer = await getCustomer(t, invoice.customer as string, 'customer', true);
      const card = customer.internal.card as CardInput | undefined;
      const intent = (await t.get<Stripe.PaymentIntent>(internal.payment_intent as string, { lock: true }))!.data;
      const behaviour = card ? offSessionBehaviour(card.number) : undefined;
      const paid = behaviour?.kind === 'succeeds';
      const decline = behaviour?.kind === 'declined' ? behaviour.decline : undefined;
      if (card) {
        const charge = await createCharge(sb, t, { intent, card, billingEmail: customer.data.email, decline });
        internal = { ...internal, charge: charge.id };
        await t.update({
          ...intent,
          status: paid ? 'succeeded' : 'requires_payment_method',
          amount_received: paid ? intent.amount : 0,
          latest_charge: charge.id,
          last_payment_error: decline ? ({ type: 'card_error', ...decline, charge: charge.id } as Stripe.PaymentIntent.LastPaymentError) : null,
        });
      }
      const attempt = (invoice.attempt_count ?? 1) + 1;
      // retryDays[0] was the second try; after try n the next is retryDays[n - 1], if any
      const nextDay = paid ? undefined : retryDays[attempt - 1];
      invoice = {
        ...invoice,
        attempt_count: attempt,
        attempted: true,
        next_payment_attempt: nextDay === undefined ? null : firstFailure + nextDay * 86400,
        auto_advance: !paid && nextDay !== undefined,
        ...(paid
          ? {
              status: 'paid' as const,
              amount_paid: invoice.amount_due,
              amount_remaining: 0,
              status_transitions: { ...invoice.status_transitions, paid_at: t.now },
            }
          : {}),
      };
      await t.update(invoice, internal);
      await sb.emit(t, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
      retried++;
      const current = (await getSubscription(t, subscription.id, true)).data;
      if (paid) {
        if (current.status === 'past_due' || current.status === 'unpaid') await saveSubscriptionChange(sb, t, current, { ...current, status: 'active' });
      } else if (nextDay === undefined) {
        if (onFinalFailure === 'cancel') await saveSubscriptionChange(sb, t, current, ended(current, t.now, 'payment_failed'));
        else if (onFinalFailure === 'unpaid') await saveSubscriptionChange(sb, t, current, { ...current, status: 'unpaid' });
      }
    }
  }
  return retried;
}

/** POST /v1/billing_portal/sessions */
export async function createPortalSession(sb: SandboxCore, t: Tx, p: Params): Promise<Stripe.BillingPortal.Session> {
  const customer = await getCustomer(t, requireStr(p, 'customer'), 'customer');
  const returnUrl = str(p, 'return_url') ?? null;
  if (returnUrl !== null && !/^https?:\/\//.test(returnUrl)) throw invalidParam('return_url', 'Not a valid URL', 'url_invalid');
  // only the languages Stripe's portal speaks (refused otherwise, as Stripe does); the portal page is in it
  const locale = (oneOf(str(p, 'locale'), declaredValues('POST', '/v1/billing_portal/sessions', 'locale'), 'locale') ??
    null) as Stripe.BillingPortal.Session['locale'];
  const id = newId('bps');
  const session = shaped<Stripe.BillingPortal.Session>('billing_portal.session', {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_stitchhouse_sandbox',
    created: t.now,
    customer: customer.id,
    flow: null,
    livemode: false,
    locale,
    on_behalf_of: null,
    return_url: returnUrl,
    url: sb.url(`/billing/${id}`),
    customer_account: null,
  });
  return t.insert('billing_portal.session', session);
}

/** What the portal may switch a subscription to: active recurring prices of the same plan family (product metadata.plan). */
export async function switchablePrices(t: Tx, subscription: Stripe.Subscription): Promise<Stripe.Price[]> {
  const current = subscription.items.data[0]!.price;
  const product = await t.get<Stripe.Product>(current.product as string);
  const family = product?.data.metadata.plan;
  if (!family) return [];
  const prices = await t.find<Stripe.Price>(
    'price',
    `(data->>'active')::boolean and data->>'type' = 'recurring' and data->>'currency' = $2
     and data->>'product' in (select id from _stripe_sandbox.objects where type = 'product' and data->'metadata'->>'plan' = $3)`,
    [current.currency, family],
  );
  return prices.map((r) => r.data).sort((a, b) => (a.unit_amount ?? 0) - (b.unit_amount ?? 0));
}
