// The checkout function's refusals and quotes, through the functions gateway with
// real tokens: amounts come from the database, never from the browser; someone else's draft, an
// archived pattern, bad quantities, own/free/owned patterns, mixed currencies, wholesale without
// approval, stale prices and bad discount codes each get their contract code and a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPeople } from '../../../backend/test/payments-people.ts';
import { VAT_RATES, quoteCart, vatIncluded } from '../../../shared/src/pricing.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

const id = (n: number) => `00000000-0000-4000-9000-${n.toString().padStart(12, '0')}`;
const U = { maker: '', designer: '', other: '', shop: '', owner: '' };
const S = { A: id(101), B: id(102), C: id(103), US: id(104) };
const P = { a: id(201), b: id(202), draftB: id(203), archivedA: id(204), freeA: id(205), usd: id(206), owned: id(207) };

let stack: TestStack;
const tokens: Record<string, string> = {};

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

async function checkout(who: keyof typeof U | 'anon', body: unknown) {
  const res = await fetch(`${stack.url}/functions/v1/checkout`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${who === 'anon' ? stack.anonKey : tokens[who]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const line = (pattern_id: string, extra: Record<string, unknown> = {}) => ({ pattern_id, quantity: 1, kind: 'digital', ...extra });
const preview = (items: unknown[], extra: Record<string, unknown> = {}) => ({ items, country: 'DE', preview: true, ...extra });

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  const people = await signedInPeople(stack, Object.keys(U));
  for (const [key, person] of Object.entries(people)) {
    U[key as keyof typeof U] = person.id;
    tokens[key] = person.token;
  }
  await sql(
    `insert into public.stores (id, owner_id, slug, kind, name, currency, plan) values
    ($1, $4, 'studio-a', 'designer', 'Studio A', 'EUR', 'free'), ($2, $5, 'studio-b', 'designer', 'Studio B', 'EUR', 'pro'),
    ($3, $6, 'studio-us', 'designer', 'Studio US', 'USD', 'free')`,
    [S.A, S.B, S.US, U.designer, U.other, U.owner],
  );
  await sql(
    `insert into public.stores (id, owner_id, slug, kind, name, currency, address_line1, city, postal_code)
    values ($1, $2, 'shop-c', 'retailer', 'Shop C', 'EUR', '1 High Street', 'York', 'YO1 7HH')`,
    [S.C, U.shop],
  );
  await sql(
    `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, currency) values
    ($1, $8, 'Wrap Dress', 'sewing', 'dress', 'published', 1200, 'EUR'),
    ($2, $9, 'Pleated Skirt', 'sewing', 'skirt', 'published', 900, 'EUR'),
    ($3, $9, 'Secret Coat', 'sewing', 'coat', 'draft', 1500, 'EUR'),
    ($4, $8, 'Retired Blouse', 'sewing', 'top', 'archived', 800, 'EUR'),
    ($5, $8, 'Free Tote', 'bags', 'bag', 'published', 0, 'EUR'),
    ($6, $10, 'Prairie Shirt', 'sewing', 'top', 'published', 1500, 'USD'),
    ($7, $8, 'Owned Apron', 'sewing', 'apron', 'published', 700, 'EUR')`,
    [P.a, P.b, P.draftB, P.archivedA, P.freeA, P.usd, P.owned, S.A, S.B, S.US],
  );
  await sql(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency, min_quantity) values ($1, $2, 600, 'EUR', 3)`, [
    P.a,
    S.A,
  ]);
  await sql(
    `insert into public.wholesale_accounts (user_id, store_id, business_name, tax_id, address_line1, city, postal_code, country, status)
    values ($1, $2, 'Shop C Ltd', 'GB 987654321', '1 High Street', 'York', 'YO1 7HH', 'GB', 'approved')`,
    [U.shop, S.C],
  );
  await sql(`insert into public.entitlements (user_id, pattern_id, source) values ($1, $2, 'grant')`, [U.maker, P.owned]);
  await sql(`insert into public.discount_codes (store_id, code, percent_off) values ($1, 'spring25', 25)`, [S.A]);
  await sql(`insert into public.discount_codes (store_id, code, amount_off_cents, pattern_id) values ($1, 'SKIRT2', 200, $2)`, [S.B, P.b]);
  await sql(`insert into public.discount_codes (store_id, code, percent_off, expires_at) values ($1, 'OLD10', 10, now() - interval '1 day')`, [S.A]);
  await sql(`insert into public.discount_codes (store_id, code, percent_off, max_redemptions, redemptions) values ($1, 'GONE50', 50, 3, 3)`, [S.A]);
  await sql(`insert into public.discount_codes (store_id, code, percent_off, active) values ($1, 'PAUSED', 10, false)`, [S.A]);
});

afterAll(async () => {
  await stack?.stop();
});

describe('checkout refuses with the contract codes', () => {
  const cases: [string, keyof typeof U | 'anon', unknown, number, string][] = [
    ['signed out', 'anon', preview([line(P.a)]), 401, 'not_signed_in'],
    ['an empty cart', 'maker', preview([]), 400, 'empty_cart'],
    ['no country', 'maker', { items: [line(P.a)], preview: true }, 400, 'invalid_request'],
    ['a bad country', 'maker', preview([line(P.a)], { country: 'Germany' }), 400, 'invalid_request'],
    ['a negative quantity', 'maker', preview([line(P.a, { quantity: -1 })]), 400, 'invalid_quantity'],
    ['a zero quantity', 'shop', preview([line(P.a, { quantity: 0, kind: 'wholesale_print' })]), 400, 'invalid_quantity'],
    ['a fractional quantity', 'shop', preview([line(P.a, { quantity: 3.5, kind: 'wholesale_print' })]), 400, 'invalid_quantity'],
    ['a huge quantity', 'shop', preview([line(P.a, { quantity: 1e9, kind: 'wholesale_print' })]), 400, 'invalid_quantity'],
    ['two copies of a digital pattern', 'maker', preview([line(P.a, { quantity: 2 })]), 400, 'invalid_quantity'],
    ['the same line twice', 'maker', preview([line(P.a), line(P.a)]), 400, 'invalid_request'],
    ['someone else’s draft', 'maker', preview([line(P.a), line(P.draftB)]), 409, 'pattern_unavailable'],
    ['an archived pattern', 'maker', preview([line(P.archivedA)]), 409, 'pattern_unavailable'],
    ['a pattern that does not exist', 'maker', preview([line(id(999))]), 409, 'pattern_unavailable'],
    ['an own pattern', 'designer', preview([line(P.a)]), 400, 'own_pattern'],
    ['a free pattern', 'maker', preview([line(P.freeA)]), 400, 'free_pattern'],
    ['mixed currencies', 'maker', preview([line(P.a), line(P.usd)]), 400, 'mixed_currencies'],
    ['an owned pattern', 'maker', preview([line(P.owned)]), 409, 'already_owned'],
    ['print licences without wholesale approval', 'maker', preview([line(P.a, { quantity: 5, kind: 'wholesale_print' })]), 403, 'wholesale_not_approved'],
    ['fewer print licences than the minimum', 'shop', preview([line(P.a, { quantity: 2, kind: 'wholesale_print' })]), 400, 'invalid_quantity'],
    ['a stale price', 'maker', preview([line(P.a, { expected_unit_price_cents: 1000 })]), 409, 'price_changed'],
    ['an unknown code', 'maker', preview([line(P.a)], { discount_code: 'NOPE' }), 400, 'discount_invalid'],
    ['a paused code', 'maker', preview([line(P.a)], { discount_code: 'paused' }), 400, 'discount_invalid'],
    ['a code for a pattern not in the cart', 'maker', preview([line(P.a)], { discount_code: 'SKIRT2' }), 400, 'discount_invalid'],
    ['an expired code', 'maker', preview([line(P.a)], { discount_code: 'old10' }), 400, 'discount_expired'],
    ['a used-up code', 'maker', preview([line(P.a)], { discount_code: 'GONE50' }), 400, 'discount_exhausted'],
  ];
  for (const [what, who, body, status, code] of cases) {
    it(`${what} → ${status} ${code}`, async () => {
      const before = (await sql('select count(*)::int as n from public.orders'))[0]!.n;
      const res = await checkout(who, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toMatch(/[a-z]{3,}.*[.:]?/i);
      expect((await sql('select count(*)::int as n from public.orders'))[0]!.n).toBe(before);
    });
  }

  it('names the unavailable patterns and the changed prices', async () => {
    const gone = await checkout('maker', preview([line(P.a), line(P.draftB), line(P.archivedA)]));
    expect(gone.body.error.details.pattern_ids.sort()).toEqual([P.draftB, P.archivedA].sort());
    const stale = await checkout('maker', preview([line(P.a, { expected_unit_price_cents: 1000 })]));
    expect(stale.body.error.details).toEqual([{ pattern_id: P.a, old_unit_price_cents: 1000, new_unit_price_cents: 1200 }]);
  });
});

describe('VAT rates', () => {
  it('the public vat_rates table holds the same rates as shared/src/pricing.ts', async () => {
    const res = await fetch(`${stack.url}/rest/v1/vat_rates?select=country,rate_bp,name&order=country`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { country: string; rate_bp: number; name: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.country, { rateBp: r.rate_bp, name: r.name }]))).toEqual(VAT_RATES);
  });
});

describe('checkout quotes from database prices', () => {
  it('prices a two-store cart for a German buyer with VAT included', async () => {
    const res = await checkout('maker', preview([line(P.a, { expected_unit_price_cents: 1200 }), line(P.b)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.quote;
    expect(q).toMatchObject({ currency: 'EUR', vat_rate_bp: 1900, subtotal_cents: 2100, discount_cents: 0, total_cents: 2100 });
    expect(q.vat_cents).toBe(vatIncluded(1200, 1900) + vatIncluded(900, 1900));
    expect(q.lines.map((l: any) => [l.title, l.store_name, l.total_cents])).toEqual([
      ['Wrap Dress', 'Studio A', 1200],
      ['Pleated Skirt', 'Studio B', 900],
    ]);
  });

  it('charges no VAT outside the EU', async () => {
    const res = await checkout('maker', preview([line(P.a)], { country: 'us' }));
    expect(res.body.quote).toMatchObject({ vat_rate_bp: 0, vat_cents: 0, total_cents: 1200 });
  });

  it('applies a store code to that store’s lines only, and a pattern code to its pattern', async () => {
    const store = await checkout('maker', preview([line(P.a), line(P.b)], { discount_code: ' spring25 ', country: 'FR' }));
    expect(store.status, JSON.stringify(store.body)).toBe(200);
    expect(store.body.quote.lines.map((l: any) => l.discount_cents)).toEqual([300, 0]);
    expect(store.body.quote.total_cents).toBe(1800);
    const skirt = await checkout('maker', preview([line(P.a), line(P.b)], { discount_code: 'SKIRT2' }));
    expect(skirt.body.quote.lines.map((l: any) => l.discount_cents)).toEqual([0, 200]);
  });

  it('prices print licences for an approved shop at the wholesale price', async () => {
    const res = await checkout('shop', preview([line(P.a, { quantity: 5, kind: 'wholesale_print' })], { country: 'GB' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.quote.lines[0]).toMatchObject({
      kind: 'wholesale_print',
      quantity: 5,
      unit_price_cents: 600,
      total_cents: 3000,
      vat_cents: vatIncluded(3000, VAT_RATES.GB!.rateBp),
    });
  });

  it('ignores prices sent by the browser', async () => {
    const res = await checkout('maker', preview([{ ...line(P.a), unit_price_cents: 1, total_cents: 1 }]));
    expect(res.body.quote.total_cents).toBe(1200);
    const expected = quoteCart([{ patternId: P.a, storeId: S.A, plan: 'free', unitPriceCents: 1200, quantity: 1 }], { currency: 'EUR', country: 'DE' });
    expect(res.body.quote.vat_cents).toBe(expected.vatCents);
  });
});
