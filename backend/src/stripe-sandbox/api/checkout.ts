// checkout.sessions: create, retrieve (line_items), expire; paying one (hosted page or
// /_sandbox/checkout/:id/pay) with the test cards, 3-D Secure, and expiry by the sandbox clock.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { list } from '../core.ts';
import { authenticationFailure, cardBehaviour, checkCardFields, type CardDecline, type CardFieldError, type CardInput } from '../cards.ts';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../errors.ts';
import { shaped } from '../fixtures.ts';
import { declaredValues } from '../declared.ts';
import { newId, randomToken } from '../ids.ts';
import { arr, bool, int, metadata, obj, oneOf, requireInt, str, type Params } from '../params.ts';
import type { Stored, Tx } from '../store.ts';
import { createPrice, getPrice } from './catalog.ts';
import { createCustomer, getCustomer } from './customers.ts';
import { startSubscription } from './billing.ts';
import { createCharge, createPaymentIntent, getIntent } from './payments.ts';
import { taxOn, taxRateFor, type TaxRate } from '../tax.ts';

type Session = Stripe.Checkout.Session;

interface SessionInternal {
  line_items: Stripe.LineItem[];
  payment_intent_data: { metadata: Record<string, string>; transfer_group: string | null; description: string | null };
  subscription_data: { metadata: Record<string, string> };
  /** customer_update[address]: 'auto' saves the country the buyer picks on the page to the customer. */
  customer_update?: { address?: 'auto' | 'never'; name?: 'auto' | 'never' };
  /** Stripe Tax's rate for the country it computed with (automatic_tax), null until one is known. */
  tax?: TaxRate | null;
  /** The intent the buyer is paying with (subscription sessions keep theirs private, like Stripe). */
  intent?: string;
  /** The card waiting for the 3-D Secure page. */
  pending_card?: CardInput;
}

/** Line items and session totals with automatic tax at `rate` (none when tax is off or the country unknown). */
function withTax(session: Session, lineItems: Stripe.LineItem[], rate: TaxRate | null): { session: Session; lineItems: Stripe.LineItem[] } {
  const enabled = session.automatic_tax.enabled;
  const items = lineItems.map((l) => {
    const { tax, total } = taxOn(l.amount_subtotal, l.price!, enabled ? rate : null);
    return { ...l, amount_tax: tax, amount_total: total - l.amount_discount };
  });
  const sum = (f: (l: Stripe.LineItem) => number) => items.reduce((n, l) => n + f(l), 0);
  return {
    lineItems: items,
    session: {
      ...session,
      amount_subtotal: sum((l) => l.amount_subtotal),
      amount_total: sum((l) => l.amount_total),
      total_details: { ...session.total_details!, amount_tax: sum((l) => l.amount_tax) },
      automatic_tax: enabled
        ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: rate ? 'complete' : 'requires_location_inputs' }
        : { enabled: false, liability: null, provider: null, status: null },
    } as Session,
  };
}

/** The account's payment method configuration (Dashboard → Payment methods): what Checkout offers when the session names none. */
export const SANDBOX_PAYMENT_METHOD_CONFIGURATION = 'pmc_stitchhouse_sandbox';

/** The payment method types of API 2026-10-28 (the SDK's Checkout.SessionCreateParams.AllowedPaymentMethodType). */
const PAYMENT_METHOD_TYPES = [
  'acss_debit',
  'affirm',
  'afterpay_clearpay',
  'alipay',
  'alma',
  'amazon_pay',
  'au_becs_debit',
  'bacs_debit',
  'bancontact',
  'billie',
  'bizum',
  'blik',
  'boleto',
  'card',
  'cashapp',
  'crypto',
  'customer_balance',
  'eps',
  'fpx',
  'giropay',
  'grabpay',
  'ideal',
  'kakao_pay',
  'klarna',
  'konbini',
  'kr_card',
  'link',
  'mb_way',
  'mobilepay',
  'multibanco',
  'naver_pay',
  'nz_bank_account',
  'oxxo',
  'p24',
  'pay_by_bank',
  'payco',
  'paynow',
  'paypal',
  'paypay',
  'payto',
  'pix',
  'promptpay',
  'revolut_pay',
  'samsung_pay',
  'satispay',
  'scalapay',
  'sepa_debit',
  'sequra',
  'sofort',
  'sunbit',
  'swish',
  'twint',
  'upi',
  'us_bank_account',
  'wechat_pay',
  'zip',
] as const;

/** PayPal's currencies for an account in Europe (the sandbox's account is in Ireland). */
const PAYPAL_CURRENCIES = new Set(['eur', 'gbp', 'usd', 'chf', 'czk', 'dkk', 'nok', 'pln', 'sek', 'aud', 'cad', 'hkd', 'nzd', 'sgd']);

function paymentMethodTypes(p: Params, name: string): string[] | undefined {
  const given = arr(p, name);
  if (!given) return undefined;
  return given.map((value, index) => oneOf(typeof value === 'string' ? value : String(value), PAYMENT_METHOD_TYPES, `${name}[${index}]`)!);
}

/**
 * The payment methods a session offers, as Stripe's dynamic payment methods compute them: the
 * configuration's methods eligible for the session (card always, with the Apple Pay and Google Pay
 * wallets; PayPal in payment mode in its currencies), kept by allowed_payment_method_types and
 * without excluded_payment_method_types.
 */
function offeredMethods(
  p: Params,
  mode: 'payment' | 'subscription',
  currency: string,
): { types: string[]; allowed: string[] | null; excluded: string[] | null } {
  const configuration = str(p, 'payment_method_configuration');
  if (configuration !== undefined && configuration !== SANDBOX_PAYMENT_METHOD_CONFIGURATION) {
    throw noSuch('payment_method_configuration', configuration, 'payment_method_configuration');
  }
  const allowed = paymentMethodTypes(p, 'allowed_payment_method_types') ?? null;
  const excluded = paymentMethodTypes(p, 'excluded_payment_method_types') ?? null;
  const eligible = ['card', ...(mode === 'payment' && PAYPAL_CURRENCIES.has(currency) ? ['paypal'] : [])];
  const types = eligible.filter((type) => (!allowed || allowed.includes(type)) && !excluded?.includes(type));
  if (types.length === 0) {
    throw invalidRequest(
      `No payment method is available for this Checkout Session: the account offers ${eligible.join(', ')} for it, and the allowed and excluded payment method types leave none.`,
      undefined,
      allowed ? 'allowed_payment_method_types' : 'excluded_payment_method_types',
    );
  }
  return { types, allowed, excluded };
}

function validUrl(value: string | undefined, param: string): string | null {
  if (value === undefined) return null;
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  return value;
}

export async function createSession(sb: SandboxCore, t: Tx, p: Params): Promise<Session> {
  const mode = oneOf(str(p, 'mode'), ['payment', 'subscription', 'setup'] as const, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode === 'setup') throw invalidParam('mode', 'The Stitchhouse sandbox supports mode payment and subscription.');
  // only the languages Stripe's pages speak (refused otherwise, as Stripe does); the hosted page is in it
  const locale = (oneOf(str(p, 'locale'), declaredValues('POST', '/v1/checkout/sessions', 'locale'), 'locale') ?? null) as Session['locale'];
  const successUrl = validUrl(str(p, 'success_url'), 'success_url');
  const cancelUrl = validUrl(str(p, 'cancel_url'), 'cancel_url');
  // API 2026-10-28's values (`hosted` and `embedded` were renamed); the sandbox serves the hosted page only
  const uiMode = oneOf(str(p, 'ui_mode'), ['elements', 'embedded_page', 'form', 'hosted_page'] as const, 'ui_mode') ?? 'hosted_page';
  if (uiMode !== 'hosted_page')
    throw invalidParam('ui_mode', `The Stitchhouse sandbox serves Checkout's hosted page only (ui_mode hosted_page), not ${uiMode}.`);
  const rawItems = arr(p, 'line_items');
  if (!rawItems || rawItems.length === 0) throw missingParam('line_items');

  const customerId = str(p, 'customer');
  const customer = customerId ? await getCustomer(t, customerId, 'customer') : undefined;
  const email = str(p, 'customer_email') ?? null;
  if (customer && email) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'parameter_unknown', 'customer_email');

  const lineItems: Stripe.LineItem[] = [];
  for (const [index, raw] of rawItems.entries()) {
    const path = `line_items[${index}]`;
    if (typeof raw !== 'object' || raw === null) throw invalidParam(path, `Invalid hash: ${path}`, 'parameter_invalid_hash');
    const entry = raw as Params;
    const quantity = requireInt(entry, 'quantity', `${path}[quantity]`);
    if (quantity < 1) throw invalidParam(`${path}[quantity]`, 'Quantity must be at least 1.', 'parameter_invalid_integer');
    const priceId = str(entry, 'price', `${path}[price]`);
    const priceData = obj(entry, 'price_data', `${path}[price_data]`);
    let price: Stripe.Price;
    if (priceId) {
      price = await getPrice(t, priceId, `${path}[price]`);
      if (!price.active) throw invalidParam(`${path}[price]`, `The price \`${price.id}\` is not active.`, 'price_inactive');
    } else if (priceData) price = await createPrice(sb, t, priceData, { path: `${path}[price_data]`, inline: true });
    else throw missingParam(`${path}[price]`);
    if (mode === 'subscription' && !price.recurring) {
      throw invalidParam(`${path}[price]`, 'You must provide at least one recurring price in `subscription` mode when using prices.');
    }
    if (mode === 'payment' && price.recurring) {
      throw invalidParam(
        `${path}[price]`,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    const product = await t.get<Stripe.Product>(price.product as string);
    const amount = (price.unit_amount ?? 0) * quantity;
    lineItems.push(
      shaped<Stripe.LineItem>('item', {
        id: newId('li'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price.currency,
        description: product?.data.name ?? null,
        price,
        quantity,
        metadata: null,
        adjustable_quantity: null,
      }),
    );
  }
  const currencies = new Set(lineItems.map((l) => l.currency));
  if (currencies.size > 1) throw invalidParam('line_items', 'All line items must use the same currency.');
  const total = lineItems.reduce((sum, l) => sum + l.amount_total, 0);
  const methods = offeredMethods(p, mode, [...currencies][0]!);

  // The caller's expires_at is in real time; once /_sandbox/clock/advance moved the sandbox clock,
  // it is shifted by the same amount so "30 minutes from now" stays 30 sandbox minutes.
  const realNow = Math.floor(Date.now() / 1000);
  const requestedExpiry = int(p, 'expires_at');
  if (requestedExpiry !== undefined && (requestedExpiry < realNow + 30 * 60 - 60 || requestedExpiry > realNow + 24 * 3600 + 60)) {
    throw invalidParam(
      'expires_at',
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'parameter_invalid_integer',
    );
  }
  const expiresAt = requestedExpiry === undefined ? t.now + 24 * 3600 : requestedExpiry + (t.now - realNow);
  const intentData = obj(p, 'payment_intent_data') ?? {};
  const subscriptionData = obj(p, 'subscription_data') ?? {};
  const automaticTax = obj(p, 'automatic_tax');
  const taxEnabled = automaticTax ? (bool(automaticTax, 'enabled', 'automatic_tax[enabled]') ?? false) : false;
  const update = obj(p, 'customer_update');
  if (update && !customer) throw invalidRequest('customer_update can only be used with customer.', 'parameter_invalid_empty', 'customer_update');
  const customerUpdate = update
    ? {
        address: oneOf(str(update, 'address', 'customer_update[address]'), ['auto', 'never'] as const, 'customer_update[address]'),
        name: oneOf(str(update, 'name', 'customer_update[name]'), ['auto', 'never'] as const, 'customer_update[name]'),
      }
    : undefined;
  // Stripe Tax starts from the customer's address; without one the page asks for the country first
  const taxRate = taxEnabled ? taxRateFor(customer?.data.address?.country) : null;

  const id = `cs_test_${randomToken(58)}`;
  const session = shaped<Session>('checkout.session', {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: taxEnabled, liability: null, status: null, provider: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: str(p, 'client_reference_id') ?? null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: t.now,
    currency: [...currencies][0],
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_creation: customer ? null : mode === 'subscription' ? 'always' : 'if_required',
    customer_details: null,
    customer_email: email,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale,
    metadata: metadata(p),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: { id: SANDBOX_PAYMENT_METHOD_CONFIGURATION, parent: null },
    payment_method_options: {},
    payment_method_types: methods.types,
    allowed_payment_method_types: methods.allowed,
    ...(methods.excluded ? { excluded_payment_method_types: methods.excluded } : {}),
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: sb.url(`/checkout/${id}`),
    adaptive_pricing: null,
    discounts: [],
    collected_information: null,
    permissions: null,
    wallet_options: null,
    origin_context: null,
    currency_conversion: null,
    customer_account: null,
    integration_identifier: null,
    managed_payments: null,
  });
  const taxed = withTax(session, lineItems, taxRate);
  const internal: SessionInternal = {
    line_items: taxed.lineItems,
    payment_intent_data: {
      metadata: metadata(intentData, 'metadata'),
      transfer_group: str(intentData, 'transfer_group', 'payment_intent_data[transfer_group]') ?? null,
      description: str(intentData, 'description', 'payment_intent_data[description]') ?? null,
    },
    subscription_data: { metadata: metadata(subscriptionData, 'metadata') },
    ...(customerUpdate ? { customer_update: customerUpdate } : {}),
    tax: taxRate,
  };
  return t.insert('checkout.session', taxed.session, internal as unknown as Record<string, unknown>);
}

export async function getSession(t: Tx, id: string, lock = false): Promise<Stored<Session>> {
  const found = await t.get<Session>(id, { lock });
  if (!found || found.type !== 'checkout.session') throw noSuch('checkout.session', id, 'session');
  return found;
}

export function lineItemsOf(stored: Stored<Session>): Stripe.ApiList<Stripe.LineItem> {
  const internal = stored.internal as unknown as SessionInternal;
  return list(internal.line_items, `/v1/checkout/sessions/${stored.id}/line_items`);
}

async function markExpired(sb: SandboxCore, t: Tx, stored: Stored<Session>): Promise<Session> {
  const expired: Session = { ...stored.data, status: 'expired', url: null };
  await t.update(expired);
  await sb.emit(t, 'checkout.session.expired', expired);
  return expired;
}

/** POST /v1/checkout/sessions/:id/expire */
export async function expireSession(sb: SandboxCore, t: Tx, id: string): Promise<Session> {
  const stored = await getSession(t, id, true);
  if (stored.data.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${stored.data.status}".`,
      'checkout_session_not_open',
    );
  }
  return markExpired(sb, t, stored);
}

/** Sessions past expires_at on the sandbox clock become expired (checkout.session.expired). */
export async function expireDueSessions(sb: SandboxCore, t: Tx): Promise<number> {
  const due = await t.find<Session>('checkout.session', `data->>'status' = 'open' and (data->>'expires_at')::bigint <= $2`, [t.now], { lock: true });
  for (const stored of due) await markExpired(sb, t, stored);
  return due.length;
}

export type PayOutcome =
  | { status: 'succeeded'; session: Session; redirect: string | null }
  | { status: 'requires_action'; session: Session; redirect: string }
  | { status: 'failed'; session: Session; error: CardDecline & { type: 'card_error' } }
  | { status: 'invalid'; session: Session; error: CardFieldError }
  | { status: 'expired'; session: Session; redirect: string | null }
  | { status: 'not_open'; session: Session };

/** Charges the card for an open session, as the hosted page's Pay button does. */
export async function paySession(sb: SandboxCore, t: Tx, id: string, card: CardInput, email: string | null): Promise<PayOutcome> {
  const stored = await getSession(t, id, true);
  let session = stored.data;
  if (session.status === 'open' && session.expires_at <= t.now) session = await markExpired(sb, t, stored);
  if (session.status === 'expired') return { status: 'expired', session, redirect: session.cancel_url };
  if (session.status !== 'open') return { status: 'not_open', session };
  if (card.wallet) {
    const type = card.wallet === 'paypal' ? 'paypal' : 'card';
    if (!session.payment_method_types.includes(type)) {
      return {
        status: 'invalid',
        session,
        error: {
          field: 'number',
          code: 'payment_method_unavailable',
          message: `This checkout does not offer ${card.wallet === 'paypal' ? 'PayPal' : 'wallets'}.`,
        },
      };
    }
  }
  const fieldError = checkCardFields(card, t.now);
  if (fieldError) return { status: 'invalid', session, error: fieldError };
  const buyerEmail = session.customer_email ?? email ?? (session.customer ? (await getCustomer(t, session.customer as string)).data.email : null);
  if (!buyerEmail) return { status: 'invalid', session, error: { field: 'name', code: 'email_invalid', message: 'Enter your email address.' } };

  const internal = stored.internal as unknown as SessionInternal;
  if (session.automatic_tax.enabled) {
    // Stripe Tax computes with the country the buyer confirms on the page (preselected from the customer's address)
    const taxed = withTax(session, internal.line_items, taxRateFor(card.country));
    session = taxed.session;
    internal.line_items = taxed.lineItems;
    internal.tax = taxRateFor(card.country);
    if (session.customer && internal.customer_update?.address === 'auto') {
      const customer = await getCustomer(t, session.customer as string, 'customer', true);
      const address = customer.data.address ?? { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
      if (address.country !== card.country) await t.update({ ...customer.data, address: { ...address, country: card.country ?? null } });
    }
  }
  let intent = internal.intent ? (await getIntent(t, internal.intent, true)).data : undefined;
  if (intent && intent.status === 'requires_payment_method' && intent.amount !== session.amount_total) {
    // an exclusive tax for another country than the first try's
    intent = await t.update({ ...intent, amount: session.amount_total ?? 0 });
  }
  if (!intent || intent.status === 'canceled') {
    intent = await createPaymentIntent(t, {
      amount: session.amount_total ?? 0,
      currency: session.currency!,
      customer: (session.customer as string | null) ?? null,
      metadata: session.mode === 'payment' ? internal.payment_intent_data.metadata : {},
      transfer_group: session.mode === 'payment' ? internal.payment_intent_data.transfer_group : null,
      description: internal.payment_intent_data.description,
      receipt_email: buyerEmail,
    });
    internal.intent = intent.id;
    if (session.mode === 'payment') session = { ...session, payment_intent: intent.id };
  }
  const behaviour = cardBehaviour(card.number);
  if (behaviour.kind === 'requires_authentication') {
    const redirect = sb.url(`/checkout/${session.id}/authenticate`);
    await t.update({
      ...intent,
      status: 'requires_action',
      payment_method: newId('pm'),
      last_payment_error: null,
      next_action: { type: 'redirect_to_url', redirect_to_url: { url: redirect, return_url: sb.url(`/checkout/${session.id}`) } },
    });
    internal.pending_card = card;
    await t.update({ ...session, customer_details: details(buyerEmail, card) }, internal as unknown as Record<string, unknown>);
    return { status: 'requires_action', session, redirect };
  }
  if (behaviour.kind === 'declined') return fail(sb, t, session, internal, intent, card, buyerEmail, behaviour.decline, true);
  return succeed(sb, t, session, internal, intent, card, buyerEmail, false);
}

/** The 3-D Secure page's answer: Complete pays, Fail leaves the intent needing a new card. */
export async function authenticate(sb: SandboxCore, t: Tx, id: string, complete: boolean): Promise<PayOutcome> {
  const stored = await getSession(t, id, true);
  const session = stored.data;
  const internal = stored.internal as unknown as SessionInternal;
  if (session.status !== 'open') return { status: 'not_open', session };
  const intent = internal.intent ? (await getIntent(t, internal.intent, true)).data : undefined;
  const card = internal.pending_card;
  if (!intent || intent.status !== 'requires_action' || !card) return { status: 'not_open', session };
  delete internal.pending_card;
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  if (!complete) return fail(sb, t, session, internal, intent, card, email, authenticationFailure, false);
  return succeed(sb, t, session, internal, intent, card, email, true);
}

function details(email: string | null, card: CardInput): Session['customer_details'] {
  return {
    address: { city: null, country: card.country ?? null, line1: null, line2: null, postal_code: null, state: null },
    email,
    name: card.name ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
    business_name: null,
    individual_name: null,
  } as Session['customer_details'];
}

async function fail(
  sb: SandboxCore,
  t: Tx,
  session: Session,
  internal: SessionInternal,
  intent: Stripe.PaymentIntent,
  card: CardInput,
  email: string | null,
  decline: CardDecline,
  charged: boolean,
): Promise<PayOutcome> {
  const charge = charged ? await createCharge(sb, t, { intent, card, billingEmail: email, decline }) : undefined;
  const error = { type: 'card_error' as const, ...decline };
  const failed: Stripe.PaymentIntent = {
    ...intent,
    status: 'requires_payment_method',
    next_action: null,
    latest_charge: charge?.id ?? intent.latest_charge,
    last_payment_error: {
      ...error,
      charge: charge?.id,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    } as Stripe.PaymentIntent.LastPaymentError,
  };
  await t.update(failed);
  await t.update({ ...session, customer_details: details(email, card) }, internal as unknown as Record<string, unknown>);
  await sb.emit(t, 'payment_intent.payment_failed', failed);
  return { status: 'failed', session, error };
}

async function succeed(
  sb: SandboxCore,
  t: Tx,
  session: Session,
  internal: SessionInternal,
  intent: Stripe.PaymentIntent,
  card: CardInput,
  email: string | null,
  authenticated: boolean,
): Promise<PayOutcome> {
  // the customer before the balance (createCharge): renewals take them in that order too
  let customerId = (session.customer as string | null) ?? null;
  if (!customerId && session.mode === 'subscription') {
    customerId = (await createCustomer(sb, t, { email: email ?? '', name: card.name ?? '' })).id;
  }
  if (customerId && card.wallet !== 'paypal') {
    // the card stays on file for renewals and the billing portal (Apple Pay and Google Pay hand over one)
    const customer = await getCustomer(t, customerId, 'customer', true);
    await t.update(customer.data, { ...customer.internal, card });
  }
  const charge = await createCharge(sb, t, { intent, card, billingEmail: email, authenticated });
  const paidIntent: Stripe.PaymentIntent = {
    ...intent,
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: charge.id,
    next_action: null,
    last_payment_error: null,
    payment_method: charge.payment_method,
  };
  await t.update(paidIntent);
  let completed: Session = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    customer: customerId,
    customer_details: details(email, card),
    url: null,
  };
  await sb.emit(t, 'charge.succeeded', charge);
  await sb.emit(t, 'payment_intent.succeeded', paidIntent);
  if (session.mode === 'subscription') {
    const items = internal.line_items.map((l) => ({ price: l.price!, quantity: l.quantity ?? 1 }));
    const { subscription, invoice } = await startSubscription(sb, t, {
      customer: customerId!,
      items,
      metadata: internal.subscription_data.metadata,
      automaticTax: session.automatic_tax.enabled,
      card,
      intent: paidIntent,
    });
    completed = { ...completed, subscription: subscription.id, invoice: invoice.id };
  }
  await t.update(completed, internal as unknown as Record<string, unknown>);
  await sb.emit(t, 'checkout.session.completed', completed);
  const redirect = completed.success_url ? completed.success_url.replace('{CHECKOUT_SESSION_ID}', completed.id) : null;
  return { status: 'succeeded', session: completed, redirect };
}
