// Connect: Express accounts, single-use expiring onboarding links, transfers (only to
// accounts whose transfers capability is active) and transfer reversals.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { list } from '../core.ts';
import { invalidParam, invalidRequest, noSuch, StripeApiError } from '../errors.ts';
import { shaped } from '../fixtures.ts';
import { newId, randomToken } from '../ids.ts';
import { currency, int, metadata, obj, oneOf, requireInt, requireStr, str, type Params } from '../params.ts';
import type { Stored, Tx } from '../store.ts';
import { getCharge, recordBalanceTransaction } from './payments.ts';

const onboardingDue = ['business_profile.url', 'external_account', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date', 'tos_acceptance.ip'];

function requirements(due: string[]): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
}

export async function createAccount(_sb: SandboxCore, t: Tx, p: Params): Promise<Stripe.Account> {
  const type = oneOf(str(p, 'type'), ['express', 'standard', 'custom'] as const, 'type') ?? 'express';
  const country = (str(p, 'country') ?? 'IE').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw invalidParam('country', `Country '${country}' is unknown.`);
  const requested = obj(p, 'capabilities') ?? {};
  // Express accounts get card_payments with transfers (Stripe requires both for most countries)
  const capabilities = Object.fromEntries(['card_payments', 'transfers', ...Object.keys(requested)].map((name) => [name, 'inactive']));
  const id = `acct_${randomToken(16)}`;
  const account = shaped<Stripe.Account>('account', {
    id,
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: null,
      name: null,
      product_description: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
      minority_owned_business_designation: null,
      specified_commercial_transactions_act_url: null,
    },
    business_type: oneOf(str(p, 'business_type'), ['individual', 'company', 'non_profit', 'government_entity'] as const, 'business_type') ?? null,
    capabilities,
    charges_enabled: false,
    controller: { type: 'application' },
    country,
    created: t.now,
    default_currency: country === 'GB' ? 'gbp' : country === 'US' ? 'usd' : 'eur',
    details_submitted: false,
    email: str(p, 'email') ?? null,
    external_accounts: list([], `/v1/accounts/${id}/external_accounts`),
    future_requirements: requirements([]),
    metadata: metadata(p),
    payouts_enabled: false,
    requirements: requirements(onboardingDue),
    settings: null,
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type,
  });
  return t.insert('account', account);
}

export async function getAccount(t: Tx, id: string, param = 'account', lock = false): Promise<Stored<Stripe.Account>> {
  const found = await t.get<Stripe.Account>(id, { lock });
  if (!found || found.type !== 'account') {
    // Stripe's own wording for an unknown connected account
    throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such account: '${id}'` });
  }
  return found;
}

export interface OnboardingDetails {
  legalName: string;
  country: string;
  accountNumber: string;
}

/** Onboarding finished (hosted form or /_sandbox/accounts/:id/complete): the account can be paid. */
export async function completeOnboarding(sb: SandboxCore, t: Tx, id: string, details: OnboardingDetails): Promise<Stripe.Account> {
  const stored = await getAccount(t, id, 'account', true);
  const before = stored.data;
  const last4 = details.accountNumber.replace(/\s/g, '').slice(-4);
  const bank = shaped<Stripe.BankAccount>('bank_account', {
    id: newId('ba'),
    object: 'bank_account',
    account: id,
    account_holder_name: details.legalName,
    account_holder_type: 'individual',
    account_type: null,
    available_payout_methods: ['standard'],
    bank_name: 'STRIPE TEST BANK',
    country: details.country,
    currency: before.default_currency,
    customer: null,
    default_for_currency: true,
    fingerprint: randomToken(16),
    future_requirements: null,
    last4,
    metadata: {},
    requirements: null,
    routing_number: null,
    status: 'new',
  });
  const capabilities = Object.fromEntries(Object.keys(before.capabilities ?? { transfers: 'inactive' }).map((name) => [name, 'active']));
  if (!('transfers' in capabilities)) capabilities.transfers = 'active';
  const after: Stripe.Account = {
    ...before,
    business_profile: { ...before.business_profile!, name: details.legalName, url: 'https://stitchhouse.example' },
    capabilities: capabilities as Stripe.Account.Capabilities,
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    country: details.country,
    external_accounts: list([bank as unknown as Stripe.ExternalAccount], `/v1/accounts/${id}/external_accounts`),
    requirements: requirements([]),
    tos_acceptance: { date: t.now, ip: '127.0.0.1', user_agent: null },
  };
  const previous: Record<string, unknown> = {};
  for (const key of ['capabilities', 'charges_enabled', 'payouts_enabled', 'details_submitted', 'requirements'] as const) previous[key] = before[key];
  await t.update(after);
  await sb.emit(t, 'account.updated', after, { previous, account: id });
  return after;
}

interface LinkInternal {
  account: string;
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
  form_token?: string;
  completed?: boolean;
}

export async function createAccountLink(sb: SandboxCore, t: Tx, p: Params): Promise<Stripe.AccountLink> {
  const account = await getAccount(t, requireStr(p, 'account'));
  const type = oneOf(requireStr(p, 'type'), ['account_onboarding', 'account_update'] as const, 'type')!;
  const refreshUrl = requireStr(p, 'refresh_url');
  const returnUrl = requireStr(p, 'return_url');
  for (const [param, value] of [
    ['refresh_url', refreshUrl],
    ['return_url', returnUrl],
  ] as const) {
    if (!/^https?:\/\/\S+$/.test(value)) throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  }
  if (type === 'account_update' && !account.data.details_submitted) {
    throw invalidParam('type', 'You cannot create `account_update` type Account Links for accounts that have not completed onboarding.');
  }
  const id = `acctlink_${randomToken(24)}`;
  const expiresAt = t.now + sb.settings.accountLinkTtl;
  const link = shaped<Stripe.AccountLink & { id: string }>('account_link', {
    object: 'account_link',
    created: t.now,
    expires_at: expiresAt,
    url: sb.url(`/connect/onboarding/${id}`),
  });
  const internal: LinkInternal = { account: account.id, refresh_url: refreshUrl, return_url: returnUrl, expires_at: expiresAt, used: false };
  await t.insert('account_link', { ...link, id }, internal as unknown as Record<string, unknown>);
  return link;
}

/** Opening a link uses it (the form it shows carries a one-time token); an expired or used link answers with its refresh_url. */
export async function openAccountLink(
  t: Tx,
  id: string,
): Promise<{ ok: true; account: Stripe.Account; token: string } | { ok: false; refreshUrl: string } | undefined> {
  const found = await t.get(id, { lock: true });
  if (!found || found.type !== 'account_link') return undefined;
  const internal = found.internal as unknown as LinkInternal;
  if (internal.used || internal.expires_at <= t.now) return { ok: false, refreshUrl: internal.refresh_url };
  const token = randomToken(32);
  await t.update(found.data as { id: string }, { ...internal, used: true, form_token: token });
  const account = await getAccount(t, internal.account);
  return { ok: true, account: account.data, token };
}

/** The onboarding form's answer: completes the account once; a replayed or stale form goes to refresh_url. */
export async function submitOnboarding(
  sb: SandboxCore,
  t: Tx,
  id: string,
  token: string,
  details: OnboardingDetails,
): Promise<{ returnUrl: string } | { refreshUrl: string } | undefined> {
  const found = await t.get(id, { lock: true });
  if (!found || found.type !== 'account_link') return undefined;
  const internal = found.internal as unknown as LinkInternal;
  if (!internal.form_token || internal.form_token !== token || internal.completed) return { refreshUrl: internal.refresh_url };
  await completeOnboarding(sb, t, internal.account, details);
  await t.update(found.data as { id: string }, { ...internal, completed: true });
  return { returnUrl: internal.return_url };
}

export async function linkAccount(t: Tx, id: string): Promise<{ account: Stripe.Account; token?: string; completed?: boolean } | undefined> {
  const found = await t.get(id);
  if (!found || found.type !== 'account_link') return undefined;
  const internal = found.internal as unknown as LinkInternal;
  return { account: (await getAccount(t, internal.account)).data, token: internal.form_token, completed: internal.completed };
}

export async function createTransfer(sb: SandboxCore, t: Tx, p: Params): Promise<Stripe.Transfer> {
  const amount = requireInt(p, 'amount');
  if (amount < 1) throw invalidParam('amount', 'Amount must be at least 1 cent.', 'parameter_invalid_integer');
  const cur = currency(p, 'currency');
  const destination = await getAccount(t, requireStr(p, 'destination'), 'destination');
  if (destination.data.capabilities?.transfers !== 'active') {
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'insufficient_capabilities_for_transfer',
      'destination',
    );
  }
  const sourceTransaction = str(p, 'source_transaction');
  if (sourceTransaction) {
    const charge = await getCharge(t, sourceTransaction, 'source_transaction', true);
    if (charge.data.status !== 'succeeded') throw invalidParam('source_transaction', `The charge ${charge.id} has not succeeded.`);
    if (charge.data.currency !== cur)
      throw invalidParam(
        'currency',
        `The currency of source_transaction's balance transaction (${charge.data.currency}) must be the same as the transfer currency (${cur}).`,
      );
    const transferred = Number(charge.internal.transferred ?? 0);
    const left = charge.data.amount - charge.data.amount_refunded - transferred;
    if (amount > left) {
      throw invalidRequest(
        `Insufficient funds in source transaction ${charge.id}: ${left} ${cur} left, ${amount} requested.`,
        'balance_insufficient',
        'amount',
      );
    }
    await t.update(charge.data, { ...charge.internal, transferred: transferred + amount });
  } else if ((await t.available(cur, { lock: true })) < amount) {
    throw invalidRequest(
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
      'balance_insufficient',
    );
  }
  await t.credit(cur, -amount);
  const id = newId('tr');
  const transfer = shaped<Stripe.Transfer>('transfer', {
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    created: t.now,
    currency: cur,
    balance_transaction: await recordBalanceTransaction(t, {
      amount: -amount,
      currency: cur,
      source: id,
      type: 'transfer',
      description: str(p, 'description') ?? null,
    }),
    description: str(p, 'description') ?? null,
    destination: destination.id,
    destination_payment: newId('py', 14),
    livemode: false,
    metadata: metadata(p),
    reversals: list([], `/v1/transfers/${id}/reversals`),
    reversed: false,
    source_transaction: sourceTransaction ?? null,
    source_type: 'card',
    transfer_group: str(p, 'transfer_group') ?? null,
  });
  await t.insert('transfer', transfer);
  await sb.emit(t, 'transfer.created', transfer);
  return transfer;
}

export async function getTransfer(t: Tx, id: string, lock = false): Promise<Stored<Stripe.Transfer>> {
  const found = await t.get<Stripe.Transfer>(id, { lock });
  if (!found || found.type !== 'transfer') throw noSuch('transfer', id);
  return found;
}

export async function createReversal(sb: SandboxCore, t: Tx, transferId: string, p: Params): Promise<Stripe.TransferReversal> {
  const stored = await getTransfer(t, transferId, true);
  const transfer = stored.data;
  const left = transfer.amount - transfer.amount_reversed;
  if (left <= 0) throw invalidRequest(`Transfer ${transfer.id} has already been fully reversed.`, 'transfer_already_reversed');
  const amount = int(p, 'amount') ?? left;
  if (amount < 1) throw invalidParam('amount', 'Amount must be at least 1 cent.', 'parameter_invalid_integer');
  if (amount > left) {
    throw invalidRequest(
      `The transfer ${transfer.id} has ${left} ${transfer.currency} left to reverse; you requested ${amount}.`,
      'amount_too_large',
      'amount',
    );
  }
  const reversalId = newId('trr');
  const reversal = shaped<Stripe.TransferReversal>('transfer_reversal', {
    id: reversalId,
    object: 'transfer_reversal',
    amount,
    created: t.now,
    currency: transfer.currency,
    balance_transaction: await recordBalanceTransaction(t, {
      amount,
      currency: transfer.currency,
      source: reversalId,
      type: 'transfer_refund',
      description: null,
    }),
    destination_payment_refund: newId('pyr', 14),
    metadata: metadata(p),
    source_refund: str(p, 'refund') ?? null,
    transfer: transfer.id,
  });
  await t.insert('transfer_reversal', reversal);
  await t.credit(transfer.currency, amount);
  if (transfer.source_transaction) {
    const charge = await getCharge(t, transfer.source_transaction as string, 'source_transaction', true);
    await t.update(charge.data, { ...charge.internal, transferred: Number(charge.internal.transferred ?? 0) - amount });
  }
  const after: Stripe.Transfer = {
    ...transfer,
    amount_reversed: transfer.amount_reversed + amount,
    reversed: transfer.amount_reversed + amount === transfer.amount,
    reversals: { ...transfer.reversals, data: [reversal, ...transfer.reversals.data] },
  };
  await t.update(after);
  await sb.emit(t, 'transfer.reversed', after, { previous: { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed } });
  return reversal;
}
