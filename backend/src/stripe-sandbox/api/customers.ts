// customers: create, retrieve, update.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { noSuch } from '../errors.ts';
import { shaped } from '../fixtures.ts';
import { newId, randomToken } from '../ids.ts';
import { arr, metadata, obj, str, type Params } from '../params.ts';
import type { Tx } from '../store.ts';

export async function createCustomer(_sb: SandboxCore, t: Tx, p: Params): Promise<Stripe.Customer> {
  const address = obj(p, 'address');
  const customer = shaped<Stripe.Customer>('customer', {
    id: newId('cus', 14),
    object: 'customer',
    address: address ? { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...address } : null,
    balance: 0,
    created: t.now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(p, 'description') ?? null,
    discount: null,
    email: str(p, 'email') ?? null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadata(p),
    name: str(p, 'name') ?? null,
    next_invoice_sequence: 1,
    phone: str(p, 'phone') ?? null,
    // the languages Stripe writes the customer's invoices and receipts in (and the portal's, on auto)
    preferred_locales: (arr(p, 'preferred_locales') ?? []).map(String),
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  return t.insert('customer', customer);
}

export async function getCustomer(t: Tx, id: string, param = 'id', lock = false) {
  const found = await t.get<Stripe.Customer>(id, { lock });
  if (!found || found.type !== 'customer') throw noSuch('customer', id, param);
  return found;
}

/**
 * POST /v1/customers/:id: the fields given change, the rest stay (metadata merged, as Stripe
 * does); `preferred_locales` replaces the list, so later invoices and receipts use the new one.
 */
export async function updateCustomer(t: Tx, id: string, p: Params): Promise<Stripe.Customer> {
  const before = (await getCustomer(t, id, 'id', true)).data;
  const address = obj(p, 'address');
  const locales = arr(p, 'preferred_locales');
  const after: Stripe.Customer = {
    ...before,
    ...(address ? { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...address } } : {}),
    ...(str(p, 'name') !== undefined ? { name: str(p, 'name')! } : {}),
    ...(str(p, 'email') !== undefined ? { email: str(p, 'email')! } : {}),
    ...(str(p, 'phone') !== undefined ? { phone: str(p, 'phone')! } : {}),
    ...(str(p, 'description') !== undefined ? { description: str(p, 'description')! } : {}),
    ...(locales ? { preferred_locales: locales.map(String) } : {}),
    metadata: metadata(p, 'metadata', before.metadata),
  };
  await t.update(after);
  return after;
}
