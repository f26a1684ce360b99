import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_SALE,
  MIN_PAID_PRICE,
  PLANS,
  PricingError,
  TYPICAL_MARKETPLACE_FEES,
  describeSaleFee,
  feeComparison,
  formatBasisPoints,
  formatMoney,
  getPlan,
  keepsUnder,
  percentOf,
  proBreakEvenSales,
  splitRoyalty,
  splitSale,
  validateSalePrice,
} from '../src/pricing.ts';

describe('percentOf', () => {
  it('rounds half up to the cent', () => {
    expect(percentOf(1200, 500)).toBe(60);
    expect(percentOf(1250, 200)).toBe(25);
    expect(percentOf(1225, 200)).toBe(25); // 24.5 → 25
    expect(percentOf(1224, 200)).toBe(24); // 24.48 → 24
    expect(percentOf(999, 500)).toBe(50); // 49.95 → 50
    expect(percentOf(0, 500)).toBe(0);
  });

  it('rejects fractional or negative amounts', () => {
    expect(() => percentOf(12.5, 500)).toThrow(PricingError);
    expect(() => percentOf(-1, 500)).toThrow(/non-negative/);
    expect(() => percentOf(100, 2.5)).toThrow(/Basis points/);
  });
});

describe('splitSale', () => {
  it('works through the €12 pricing-page example on both plans', () => {
    expect(splitSale(EXAMPLE_SALE.amount, 'EUR', 'free')).toEqual({
      price: 1200,
      platformFee: 85, // 5 % = 60 + 25
      designerPayout: 1115,
      currency: 'EUR',
    });
    expect(splitSale(1200, 'EUR', 'pro')).toEqual({
      price: 1200,
      platformFee: 49, // 2 % = 24 + 25
      designerPayout: 1151,
      currency: 'EUR',
    });
  });

  it('uses the fixed fee of the sale currency', () => {
    expect(splitSale(1000, 'USD', 'free').platformFee).toBe(50 + 30);
    expect(splitSale(1000, 'GBP', 'pro').platformFee).toBe(20 + 20);
  });

  it('rounds the percentage part to whole cents', () => {
    // 5 % of €7.99 = 39.95 cents → 40, plus 25
    expect(splitSale(799, 'EUR', 'free')).toMatchObject({ platformFee: 65, designerPayout: 734 });
    // 2 % of €7.99 = 15.98 → 16, plus 25
    expect(splitSale(799, 'EUR', 'pro')).toMatchObject({ platformFee: 41, designerPayout: 758 });
  });

  it('charges nothing on a free pattern', () => {
    expect(splitSale(0, 'EUR', 'free')).toMatchObject({ platformFee: 0, designerPayout: 0 });
  });

  it('always pays out price minus fee, and never less than half at the minimum price', () => {
    for (const planId of ['free', 'pro'] as const) {
      for (let price = MIN_PAID_PRICE.EUR; price <= 5000; price += 37) {
        const split = splitSale(price, 'EUR', planId);
        expect(split.platformFee + split.designerPayout).toBe(price);
        expect(split.designerPayout).toBeGreaterThan(price / 2);
      }
    }
  });

  it('refuses bad input with a clear message', () => {
    expect(() => splitSale(1200, 'EUR', 'gold')).toThrow('Unknown plan "gold"');
    expect(() => splitSale(1200, 'JPY', 'free')).toThrow(/Currency JPY is not supported/);
    expect(() => splitSale(50, 'EUR', 'free')).toThrow(/at least €1.00/);
    expect(() => splitSale(12.5, 'EUR', 'free')).toThrow(/whole, non-negative/);
  });
});

describe('plans against typical fees', () => {
  it('leaves the designer more than every typical fee model on the example sale', () => {
    const keepsOnFree = splitSale(1200, 'EUR', 'free').designerPayout;
    for (const other of TYPICAL_MARKETPLACE_FEES) {
      expect(keepsOnFree).toBeGreaterThan(keepsUnder(1200, other));
    }
  });

  it('makes Pro cheaper per sale than Free and computes the break-even', () => {
    expect(PLANS.pro.saleFeeBasisPoints).toBeLessThan(PLANS.free.saleFeeBasisPoints);
    // fee saved per €12 sale = 85 − 49 = 36 cents; €9 / 0.36 = 25 sales
    expect(proBreakEvenSales(1200, 'EUR')).toBe(25);
    expect(proBreakEvenSales(0, 'EUR')).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives Pro a yearly price below twelve months', () => {
    const yearly = PLANS.pro.yearlyPrice;
    expect(yearly).not.toBeNull();
    expect(yearly!.EUR).toBeLessThan(PLANS.pro.monthlyPrice.EUR * 12);
  });
});

describe('splitRoyalty', () => {
  it('takes only the percentage, no fixed fee', () => {
    expect(splitRoyalty(300, 'EUR', 'free')).toMatchObject({ platformFee: 15, designerPayout: 285 });
    expect(splitRoyalty(300, 'EUR', 'pro')).toMatchObject({ platformFee: 6, designerPayout: 294 });
  });
});

describe('formatting', () => {
  it('formats money and fees for the pricing page', () => {
    expect(formatMoney(1200, 'EUR')).toBe('€12.00');
    expect(formatMoney(800, 'GBP')).toBe('£8.00');
    expect(formatBasisPoints(500)).toBe('5 %');
    expect(formatBasisPoints(250)).toBe('2.5 %');
    expect(describeSaleFee('free')).toBe('5 % + €0.25 per sale');
  });

  it('validates prices on their own', () => {
    expect(() => validateSalePrice(100, 'EUR')).not.toThrow();
    expect(() => validateSalePrice(99, 'EUR')).toThrow(PricingError);
    expect(getPlan('pro').name).toBe('Pro');
  });
});

describe('feeComparison', () => {
  it('lists our plans first, then typical models, with fees + keeps = price', () => {
    const rows = feeComparison();
    expect(rows.map((r) => r.ours)).toEqual([true, true, false, false]);
    expect(rows[0]).toMatchObject({ label: 'Free plan', fees: 85, keeps: 1115 });
    expect(rows[1]).toMatchObject({ label: 'Pro plan', fees: 49, keeps: 1151 });
    // typical marketplace: 10.5 % of 1200 = 126, + 49 fixed = 175
    expect(rows[2]).toMatchObject({ fees: 175, keeps: 1025 });
    for (const row of rows) expect(row.fees + row.keeps).toBe(1200);
  });
});
