// Stripe-style identifiers: a type prefix and random base62 (cs_test_… sessions are longer).
import crypto from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

/** The id prefixes of the objects the sandbox keeps, for expand[] and retrieval. */
export const prefixes = {
  customer: 'cus',
  product: 'prod',
  price: 'price',
  'checkout.session': 'cs_test',
  payment_intent: 'pi',
  charge: 'ch',
  refund: 're',
  transfer: 'tr',
  transfer_reversal: 'trr',
  account: 'acct',
  account_link: 'acctlink',
  'billing_portal.session': 'bps',
  subscription: 'sub',
  subscription_item: 'si',
  invoice: 'in',
  event: 'evt',
  line_item: 'li',
  payment_method: 'pm',
  balance_transaction: 'txn',
  bank_account: 'ba',
} as const;

export type ObjectType = keyof typeof prefixes;
