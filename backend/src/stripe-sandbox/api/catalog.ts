// products and prices: create, retrieve, list prices (by lookup_keys[] for the plan prices).
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../errors.ts';
import { shaped } from '../fixtures.ts';
import { newId } from '../ids.ts';
import { arr, bool, currency, int, metadata, obj, oneOf, paramPath, requireStr, str, type Params } from '../params.ts';
import { listObjects } from '../lists.ts';
import type { Tx } from '../store.ts';

/** `path`: where these params sit in the request ('' at the top, e.g. `line_items[0][price_data][product_data]`), for error params. */
export async function createProduct(_sb: SandboxCore, t: Tx, p: Params, path = ''): Promise<Stripe.Product> {
  const taxCode = str(p, 'tax_code', paramPath(path, 'tax_code')) ?? null;
  const product = shaped<Stripe.Product>('product', {
    id: newId('prod', 14),
    object: 'product',
    active: bool(p, 'active') ?? true,
    created: t.now,
    default_price: null,
    description: str(p, 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadata(p),
    name: requireStr(p, 'name', paramPath(path, 'name')),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: taxCode,
    tax_details: taxCode ? { performance_location: null, tax_code: taxCode } : null,
    unit_label: null,
    updated: t.now,
    url: null,
    type: 'service',
  });
  return t.insert('product', product);
}

/** A price from `price_data`-like params; inline prices (checkout line items) are inactive like Stripe's. */
export async function createPrice(sb: SandboxCore, t: Tx, p: Params, options: { path?: string; inline?: boolean } = {}): Promise<Stripe.Price> {
  const path = options.path ?? '';
  const cur = currency(p, 'currency', paramPath(path, 'currency'));
  const unitAmount = int(p, 'unit_amount', paramPath(path, 'unit_amount'));
  if (unitAmount === undefined) throw missingParam(paramPath(path, 'unit_amount'));
  if (unitAmount < 0) throw invalidParam(paramPath(path, 'unit_amount'), 'This value must be greater than or equal to 0.', 'parameter_invalid_integer');
  let productId = str(p, 'product', paramPath(path, 'product'));
  const productData = obj(p, 'product_data', paramPath(path, 'product_data'));
  if (productId) {
    const product = await t.get(productId);
    if (!product || product.type !== 'product') throw noSuch('product', productId, paramPath(path, 'product'));
  } else if (productData) {
    productId = (await createProduct(sb, t, productData, paramPath(path, 'product_data'))).id;
  } else throw missingParam(paramPath(path, 'product'));
  const recurringParams = obj(p, 'recurring', paramPath(path, 'recurring'));
  const recurring = recurringParams
    ? {
        interval: oneOf(
          requireStr(recurringParams, 'interval', `${paramPath(path, 'recurring')}[interval]`),
          ['day', 'week', 'month', 'year'] as const,
          `${paramPath(path, 'recurring')}[interval]`,
        )!,
        interval_count: int(recurringParams, 'interval_count', `${paramPath(path, 'recurring')}[interval_count]`) ?? 1,
        meter: null,
        usage_type: 'licensed' as const,
        trial_period_days: null,
      }
    : null;

  const lookupKey = str(p, 'lookup_key', paramPath(path, 'lookup_key')) ?? null;
  if (lookupKey) {
    // one price per lookup key, like Stripe; the lock keeps two concurrent creators apart
    await t.client.query('select pg_advisory_xact_lock(hashtext($1))', [`stripe-sandbox:lookup:${lookupKey}`]);
    const holders = await t.find<Stripe.Price>('price', `data->>'lookup_key' = $2`, [lookupKey], { lock: true });
    if (holders.length) {
      if (bool(p, 'transfer_lookup_key') !== true) {
        throw invalidRequest(`A price (\`${holders[0]!.id}\`) already uses that lookup key.`, 'lookup_key_already_used', paramPath(path, 'lookup_key'));
      }
      for (const holder of holders) await t.update({ ...holder.data, lookup_key: null });
    }
  }
  const price = shaped<Stripe.Price>('price', {
    id: newId('price'),
    object: 'price',
    active: options.inline ? false : (bool(p, 'active') ?? true),
    billing_scheme: 'per_unit',
    created: t.now,
    currency: cur,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: metadata(p),
    nickname: str(p, 'nickname') ?? null,
    product: productId,
    recurring,
    tax_behavior: oneOf(str(p, 'tax_behavior'), ['inclusive', 'exclusive', 'unspecified'] as const, paramPath(path, 'tax_behavior')) ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
  return t.insert('price', price);
}

export async function listPrices(t: Tx, p: Params): Promise<Stripe.ApiList<Stripe.Price>> {
  const clauses: string[] = ['true'];
  const args: unknown[] = [];
  const add = (sql: string, value: unknown): void => {
    args.push(value);
    clauses.push(sql.replace('?', `$${args.length + 1}`));
  };
  const lookupKeys = arr(p, 'lookup_keys');
  if (lookupKeys) add(`data->>'lookup_key' = any(?)`, lookupKeys.map(String));
  const active = bool(p, 'active');
  if (active !== undefined) add(`(data->>'active')::boolean = ?`, active);
  const product = str(p, 'product');
  if (product) add(`data->>'product' = ?`, product);
  const type = oneOf(str(p, 'type'), ['one_time', 'recurring'] as const, 'type');
  if (type) add(`data->>'type' = ?`, type);
  const cur = str(p, 'currency');
  if (cur) add(`data->>'currency' = ?`, cur.toLowerCase());
  return listObjects<Stripe.Price>(t, 'price', clauses.join(' and '), args, p, '/v1/prices');
}

export async function getPrice(t: Tx, id: string, param = 'price'): Promise<Stripe.Price> {
  const found = await t.get<Stripe.Price>(id);
  if (!found || found.type !== 'price') throw noSuch('price', id, param);
  return found.data;
}
