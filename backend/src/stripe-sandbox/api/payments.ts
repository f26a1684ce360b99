// payment_intents and charges (created by checkout and invoices), refunds.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { list } from '../core.ts';
import { brandOf, normaliseNumber, type CardDecline, type CardInput } from '../cards.ts';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../errors.ts';
import { shaped } from '../fixtures.ts';
import { newId, randomToken } from '../ids.ts';
import { int, metadata, oneOf, str, type Params } from '../params.ts';
import type { Tx } from '../store.ts';
import { listObjects } from '../lists.ts';

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  customer: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
  transfer_group?: string | null;
  receipt_email?: string | null;
}

export async function createPaymentIntent(t: Tx, values: NewPaymentIntent): Promise<Stripe.PaymentIntent> {
  const id = newId('pi');
  const intent = shaped<Stripe.PaymentIntent>('payment_intent', {
    id,
    object: 'payment_intent',
    amount: values.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created: t.now,
    currency: values.currency,
    customer: values.customer,
    description: values.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: values.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    allowed_payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: values.receipt_email ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: values.transfer_group ?? null,
    source: null,
    excluded_payment_method_types: null,
    customer_account: null,
    managed_payments: null,
  });
  return t.insert('payment_intent', intent);
}

/** A PayPal payment's details, as Stripe reports them (the payer is the buyer who approved it). */
function paypalDetails(args: ChargeArgs): Stripe.Charge.PaymentMethodDetails {
  return {
    type: 'paypal',
    paypal: {
      country: args.card.country ?? null,
      payer_email: args.billingEmail,
      payer_id: randomToken(13).toUpperCase(),
      payer_name: args.card.name ?? null,
      seller_protection: { dispute_categories: ['fraudulent', 'product_not_received'], status: 'eligible' },
      transaction_id: randomToken(17).toUpperCase(),
    },
  } as Stripe.Charge.PaymentMethodDetails;
}

export interface ChargeArgs {
  intent: Stripe.PaymentIntent;
  card: CardInput;
  billingEmail: string | null;
  decline?: CardDecline;
  /** 3-D Secure ran for this charge. */
  authenticated?: boolean;
}

/** A card charge for a payment intent: succeeded (money on the platform balance) or failed. */
export async function createCharge(sb: SandboxCore, t: Tx, args: ChargeArgs): Promise<Stripe.Charge> {
  const { intent, card, decline } = args;
  const id = newId('ch');
  const number = normaliseNumber(card.number);
  const brand = brandOf(number);
  const paymentMethod = newId('pm');
  const balanceTransaction = decline
    ? null
    : await recordBalanceTransaction(t, {
        amount: intent.amount,
        currency: intent.currency,
        source: id,
        type: 'charge',
        description: intent.description ?? null,
      });
  const charge = shaped<Stripe.Charge>('charge', {
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: decline ? 0 : intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: balanceTransaction,
    billing_details: {
      address: { city: null, country: card.country ?? null, line1: null, line2: null, postal_code: null, state: null },
      email: args.billingEmail,
      name: card.name ?? null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'STITCHHOUSE',
    captured: !decline,
    created: t.now,
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: decline
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: decline.decline_code ?? null,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !decline,
    payment_intent: intent.id,
    payment_method: paymentMethod,
    payment_method_details:
      card.wallet === 'paypal'
        ? paypalDetails(args)
        : {
            card: {
              amount_authorized: decline ? null : intent.amount,
              brand,
              checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
              country: card.country ?? 'US',
              // the network's ECI: Visa 05 / Mastercard 02 after 3-D Secure, 07 / 00 without (other networks send none)
              electronic_commerce_indicator:
                brand === 'visa' ? (args.authenticated ? '05' : '07') : brand === 'mastercard' ? (args.authenticated ? '02' : '00') : null,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
              extended_authorization: { status: 'disabled' },
              fingerprint: randomToken(16),
              funding: 'credit',
              incremental_authorization: { status: 'unavailable' },
              installments: null,
              last4: number.slice(-4),
              mandate: null,
              multicapture: { status: 'unavailable' },
              network: brand,
              network_token: { used: false },
              overcapture: { maximum_amount_capturable: intent.amount, status: 'unavailable' },
              three_d_secure: args.authenticated
                ? {
                    authentication_flow: 'challenge',
                    electronic_commerce_indicator: '05',
                    exemption_indicator: null,
                    result: 'authenticated',
                    result_reason: null,
                    transaction_id: randomToken(20),
                    version: '2.2.0',
                  }
                : null,
              wallet: card.wallet
                ? ({
                    dynamic_last4: number.slice(-4),
                    type: card.wallet,
                    ...(card.wallet === 'apple_pay' ? { apple_pay: {} } : { google_pay: {} }),
                  } as Stripe.Charge.PaymentMethodDetails.Card.Wallet)
                : null,
              authorization_code: decline ? null : String(100000 + Math.floor(Math.random() * 900000)),
              regulated_status: 'unregulated',
              network_transaction_id: randomToken(15),
              transaction_link_id: null,
            },
            type: 'card',
          },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: sb.url(`/receipts/${id}`),
    refunded: false,
    refunds: list([], `/v1/charges/${id}/refunds`),
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: decline ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: intent.transfer_group,
    source: null,
  });
  await t.insert('charge', charge, { transferred: 0 });
  if (!decline) await t.credit(charge.currency, charge.amount);
  // Stripe announces a declined charge (charge.failed) before the intent's or invoice's failure; callers announce successes
  else await sb.emit(t, 'charge.failed', charge);
  return charge;
}

const reportingCategories = { charge: 'charge', refund: 'refund', transfer: 'transfer', transfer_refund: 'transfer_reversal' } as const;

/**
 * The balance transaction behind a charge, refund, transfer or transfer reversal (what
 * `expand[]=balance_transaction` shows; amounts signed as they move the platform balance); returns its id.
 */
export async function recordBalanceTransaction(
  t: Tx,
  values: { amount: number; currency: string; source: string; type: keyof typeof reportingCategories; description: string | null },
): Promise<string> {
  const txn = shaped<Stripe.BalanceTransaction>('balance_transaction', {
    id: newId('txn'),
    object: 'balance_transaction',
    amount: values.amount,
    available_on: t.now,
    balance_type: 'payments',
    created: t.now,
    currency: values.currency,
    description: values.description,
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: values.amount,
    reporting_category: reportingCategories[values.type],
    source: values.source,
    status: 'available',
    type: values.type,
  });
  return (await t.insert('balance_transaction', txn)).id;
}

/** GET /v1/charges: newest first, by customer or payment intent. */
export function listCharges(t: Tx, p: Params): Promise<Stripe.ApiList<Stripe.Charge>> {
  const clauses: string[] = ['true'];
  const args: unknown[] = [];
  for (const field of ['customer', 'payment_intent', 'transfer_group'] as const) {
    const value = str(p, field);
    if (value) {
      args.push(value);
      clauses.push(`data->>'${field}' = $${args.length + 1}`);
    }
  }
  return listObjects<Stripe.Charge>(t, 'charge', clauses.join(' and '), args, p, '/v1/charges');
}

export async function getIntent(t: Tx, id: string, lock = false) {
  const found = await t.get<Stripe.PaymentIntent>(id, { lock });
  if (!found || found.type !== 'payment_intent') throw noSuch('payment_intent', id, lock ? 'payment_intent' : 'intent');
  return found;
}

export async function getCharge(t: Tx, id: string, param = 'charge', lock = false) {
  const found = await t.get<Stripe.Charge>(id, { lock });
  if (!found || found.type !== 'charge') throw noSuch('charge', id, param);
  return found;
}

const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** POST /v1/refunds: partial or full, against a payment intent's charge or a charge. */
export async function createRefund(sb: SandboxCore, t: Tx, p: Params): Promise<Stripe.Refund> {
  const intentId = str(p, 'payment_intent');
  let chargeId = str(p, 'charge');
  const requested = int(p, 'amount');
  if (!intentId && !chargeId) throw missingParam('charge');
  if (intentId) {
    const intent = await getIntent(t, intentId, true);
    if (intent.data.status !== 'succeeded' || typeof intent.data.latest_charge !== 'string') {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'charge_not_refundable', 'payment_intent');
    }
    chargeId = intent.data.latest_charge;
  }
  const stored = await getCharge(t, chargeId!, 'charge', true);
  const charge = stored.data;
  const remaining = charge.amount - charge.amount_refunded;
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge_not_refundable', 'charge');
  if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded', 'charge');
  const amount = requested ?? remaining;
  if (amount <= 0) throw invalidParam('amount', 'Refund amount must be positive.', 'parameter_invalid_integer');
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${amount} ${charge.currency}) is greater than unrefunded amount on charge (${remaining} ${charge.currency})`,
      'amount_too_large',
      'amount',
    );
  }
  const refundId = newId('re');
  const refund = shaped<Stripe.Refund>('refund', {
    id: refundId,
    object: 'refund',
    amount,
    balance_transaction: await recordBalanceTransaction(t, { amount: -amount, currency: charge.currency, source: refundId, type: 'refund', description: null }),
    charge: charge.id,
    created: t.now,
    currency: charge.currency,
    destination_details: { card: { type: 'refund' }, type: 'card' },
    metadata: metadata(p),
    payment_intent: charge.payment_intent,
    reason: oneOf(str(p, 'reason'), refundReasons, 'reason') ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
    customer: charge.customer,
    customer_account: null,
    payment_method: charge.payment_method,
  });
  await t.insert('refund', refund);
  await t.credit(charge.currency, -amount);

  const refunds = charge.refunds ?? list<Stripe.Refund>([], `/v1/charges/${charge.id}/refunds`);
  const updated: Stripe.Charge = {
    ...charge,
    amount_refunded: charge.amount_refunded + amount,
    refunded: charge.amount_refunded + amount === charge.amount,
    refunds: { ...refunds, data: [refund, ...refunds.data] },
  };
  await t.update(updated);
  await sb.emit(t, 'charge.refunded', updated, {
    previous: { amount_refunded: charge.amount_refunded, refunded: charge.refunded, refunds: refunds },
  });
  return refund;
}

export async function getRefund(t: Tx, id: string): Promise<Stripe.Refund> {
  const found = await t.get<Stripe.Refund>(id);
  if (!found || found.type !== 'refund') throw noSuch('refund', id);
  return found.data;
}
