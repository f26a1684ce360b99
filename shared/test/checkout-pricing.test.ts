// Checkout maths (shared/src/pricing.ts): VAT inside tax-inclusive prices, discounts, the plan's
// fee on the net amount and the designer's share, in integer minor units.
import { describe, expect, it } from 'vitest';
import {
  EU_VAT_RATES,
  PricingError,
  allocateDiscount,
  lineFee,
  planLookupKey,
  planPrice,
  proportionalReversal,
  quoteCart,
  vatIncluded,
  vatRateFor,
  VAT_RATES,
  type CartLineInput,
  type DiscountRule,
} from '../src/pricing.ts';

const line = (over: Partial<CartLineInput> = {}): CartLineInput => ({
  patternId: 'p1',
  storeId: 's1',
  plan: 'free',
  unitPriceCents: 1200,
  quantity: 1,
  ...over,
});

describe('VAT', () => {
  it('lists the 27 member states with their standard rates', () => {
    expect(Object.keys(EU_VAT_RATES)).toHaveLength(27);
    expect(vatRateFor('DE')).toBe(1900);
    expect(vatRateFor('HU')).toBe(2700);
    expect(vatRateFor('FI')).toBe(2550);
    expect(vatRateFor('LU')).toBe(1700);
  });
  it('charges the VAT table’s rate outside the EU too, 0 % only where there is no VAT, and refuses a country it does not know', () => {
    expect(vatRateFor('US')).toBe(0);
    expect(vatRateFor('GB')).toBe(2000);
    expect(vatRateFor('CH')).toBe(810);
    expect(Object.keys(VAT_RATES)).toHaveLength(27 + 9);
    for (const [code, { rateBp }] of Object.entries(VAT_RATES)) expect(vatRateFor(code), code).toBe(rateBp);
    expect(() => vatRateFor('XX')).toThrow(/does not sell to "XX"/);
    expect(() => vatRateFor('BR')).toThrow(PricingError);
  });
  it('refuses a country that is not an ISO code', () => {
    expect(() => vatRateFor('de')).toThrow(PricingError);
    expect(() => vatRateFor('DEU')).toThrow(/two-letter/);
  });
  it('extracts the VAT contained in a gross price, rounded half up', () => {
    expect(vatIncluded(1190, 1900)).toBe(190); // exact
    expect(vatIncluded(1200, 1900)).toBe(192); // 191.596… → 192
    expect(vatIncluded(1200, 2000)).toBe(200);
    expect(vatIncluded(1200, 0)).toBe(0);
    expect(vatIncluded(0, 2500)).toBe(0);
    expect(vatIncluded(1, 2700)).toBe(0); // 0.21 → 0
    expect(vatIncluded(3, 2000)).toBe(1); // 0.5 → 1
    expect(() => vatIncluded(12.5, 2000)).toThrow(PricingError);
    expect(() => vatIncluded(-1, 2000)).toThrow(PricingError);
  });
});

describe('fees', () => {
  it('takes the plan fee from the amount net of VAT, once per line', () => {
    expect(lineFee(1000, 'EUR', 'free')).toBe(50 + 25);
    expect(lineFee(1000, 'EUR', 'pro')).toBe(20 + 25);
    expect(lineFee(1000, 'GBP', 'free')).toBe(50 + 20);
    expect(lineFee(0, 'EUR', 'free')).toBe(0);
  });
  it('never takes more than the line earns', () => {
    expect(lineFee(10, 'EUR', 'free')).toBe(10);
    expect(lineFee(26, 'USD', 'free')).toBe(26);
  });
});

describe('quoteCart', () => {
  it('prices a single digital sale in Germany', () => {
    const q = quoteCart([line()], { currency: 'EUR', country: 'DE' });
    expect(q.vatRateBp).toBe(1900);
    const [l] = q.lines;
    expect(l).toMatchObject({ grossCents: 1200, discountCents: 0, totalCents: 1200, vatCents: 192 });
    // fee on €10.08 net: 5 % = 50.4 → 50, + 25
    expect(l!.platformFeeCents).toBe(75);
    expect(l!.designerShareCents).toBe(1200 - 192 - 75);
    expect(q).toMatchObject({ subtotalCents: 1200, discountCents: 0, vatCents: 192, platformFeeCents: 75, totalCents: 1200 });
  });
  it('charges no VAT to a US buyer and the Pro fee for a Pro store', () => {
    const q = quoteCart([line({ plan: 'pro' })], { currency: 'USD', country: 'US' });
    expect(q.lines[0]).toMatchObject({ vatCents: 0, platformFeeCents: 24 + 30, designerShareCents: 1200 - 54 });
  });
  it('multiplies wholesale quantities and adds lines of several stores', () => {
    const q = quoteCart([line({ quantity: 10, unitPriceCents: 500 }), line({ patternId: 'p2', storeId: 's2', plan: 'pro' })], {
      currency: 'EUR',
      country: 'FR',
    });
    expect(q.subtotalCents).toBe(5000 + 1200);
    expect(q.totalCents).toBe(6200);
    expect(q.vatCents).toBe(vatIncluded(5000, 2000) + vatIncluded(1200, 2000));
    for (const l of q.lines) expect(l.totalCents).toBe(l.vatCents + l.platformFeeCents + l.designerShareCents);
  });
  it('applies a store-wide percentage code only to that store', () => {
    const rule: DiscountRule = { percentOff: 25, amountOffCents: null, currency: null, storeId: 's1', patternId: null };
    const q = quoteCart([line(), line({ patternId: 'p2', storeId: 's2' })], { currency: 'EUR', country: 'IE', discount: rule });
    expect(q.lines.map((l) => l.discountCents)).toEqual([300, 0]);
    expect(q.totalCents).toBe(2400 - 300);
    expect(q.lines[0]!.vatCents).toBe(vatIncluded(900, 2300));
  });
  it('applies a per-pattern amount code, capped at the price', () => {
    const rule: DiscountRule = { percentOff: null, amountOffCents: 5000, currency: 'EUR', storeId: 's1', patternId: 'p1' };
    const q = quoteCart([line(), line({ patternId: 'p3' })], { currency: 'EUR', country: 'NL', discount: rule });
    expect(q.lines.map((l) => l.discountCents)).toEqual([1200, 0]);
    expect(q.lines[0]).toMatchObject({ totalCents: 0, vatCents: 0, platformFeeCents: 0, designerShareCents: 0 });
  });
  it('keeps the designer share non-negative on a nearly free line', () => {
    const rule: DiscountRule = { percentOff: 99, amountOffCents: null, currency: null, storeId: 's1', patternId: null };
    const q = quoteCart([line({ unitPriceCents: 100 })], { currency: 'EUR', country: 'DE', discount: rule });
    const l = q.lines[0]!;
    expect(l.totalCents).toBe(1);
    expect(l.designerShareCents).toBeGreaterThanOrEqual(0);
    expect(l.vatCents + l.platformFeeCents + l.designerShareCents).toBe(1);
  });
  it('refuses fractional money and bad quantities', () => {
    expect(() => quoteCart([line({ unitPriceCents: 12.5 })], { currency: 'EUR', country: 'DE' })).toThrow(PricingError);
    expect(() => quoteCart([line({ quantity: 0 })], { currency: 'EUR', country: 'DE' })).toThrow(/Quantity/);
    expect(() => quoteCart([line({ quantity: -2 })], { currency: 'EUR', country: 'DE' })).toThrow(/Quantity/);
    expect(() => quoteCart([line()], { currency: 'JPY', country: 'DE' })).toThrow(/not supported/);
  });
});

describe('allocateDiscount', () => {
  const amount = (cents: number): DiscountRule => ({ percentOff: null, amountOffCents: cents, currency: 'EUR', storeId: 's', patternId: null });
  it('spreads a fixed amount in proportion and adds up exactly', () => {
    const parts = allocateDiscount(amount(100), [1000, 1000, 1000], 'EUR');
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(parts).toEqual([34, 33, 33]);
  });
  it('refuses a code in another currency and an out-of-range percentage', () => {
    expect(() => allocateDiscount(amount(100), [1000], 'GBP')).toThrow(/EUR/);
    expect(() => allocateDiscount({ ...amount(0), percentOff: 0 }, [1000], 'EUR')).toThrow(/1 to 100/);
    expect(() => allocateDiscount({ ...amount(0), percentOff: 101 }, [1000], 'EUR')).toThrow(/1 to 100/);
  });
});

describe('refund reversals and plan prices', () => {
  it('reverses a transfer in proportion to the refunded part of the line', () => {
    expect(proportionalReversal(900, 1200, 1200)).toBe(900);
    expect(proportionalReversal(900, 600, 1200)).toBe(450);
    expect(proportionalReversal(901, 600, 1200)).toBe(451); // 450.5 → 451
    expect(proportionalReversal(900, 0, 1200)).toBe(0);
  });
  it('names and prices the subscription prices from the pricing page numbers', () => {
    expect(planLookupKey('pro', 'month', 'EUR')).toBe('pro_month_eur');
    expect(planPrice('pro', 'month', 'GBP')).toBe(800);
    expect(planPrice('pro', 'year', 'USD')).toBe(10000);
    expect(() => planPrice('free', 'month', 'EUR')).toThrow(PricingError);
  });
});
