import { describe, expect, it } from 'vitest';
import '../src/messages.ts';
import { PaymentProblem } from '../src/api/functions.ts';
import { CHECKOUT_COUNTRIES, defaultCountry } from '../src/features/checkout/country.ts';
import { EU_VAT_RATES, VAT_RATES } from '@stitchhouse/shared/pricing.ts';
import { explainProblem, patternIdsOf, priceChangesOf } from '../src/features/checkout/problems.ts';
import { readDiscountForm, EMPTY_DISCOUNT } from '../src/features/shared/discountForm.ts';
import { failureReason } from '../src/features/outcome/reasons.ts';

const CODES = [
  'not_signed_in',
  'empty_cart',
  'invalid_request',
  'invalid_quantity',
  'pattern_unavailable',
  'price_changed',
  'mixed_currencies',
  'already_owned',
  'own_pattern',
  'free_pattern',
  'wholesale_not_approved',
  'discount_invalid',
  'discount_expired',
  'discount_exhausted',
  'partner_code_invalid',
  'partner_code_own',
  'payments_unavailable',
];

describe('checkout problems', () => {
  it('every error code of the payments contract has its own words and a way forward', () => {
    const titles = CODES.map((code) => explainProblem(new PaymentProblem(code, 'server sentence')));
    for (const explained of titles) expect(explained.title).not.toBe('The checkout did not start');
    expect(new Set(titles.map((t) => t.title)).size).toBe(CODES.length);
    // An unknown, newer code shows the server's own sentence.
    expect(explainProblem(new PaymentProblem('something_new', 'The server says why.'))).toMatchObject({ message: 'The server says why.', action: 'retry' });
  });

  it('reads the patterns named in details, and only well-formed price changes', () => {
    expect(patternIdsOf(['a', { pattern_id: 'b' }, 3, null])).toEqual(['a', 'b']);
    expect(patternIdsOf({ pattern_ids: ['c'] })).toEqual(['c']);
    expect(patternIdsOf('nope')).toEqual([]);
    expect(
      priceChangesOf([
        { pattern_id: 'a', old_unit_price_cents: 1200, new_unit_price_cents: 1500 },
        { pattern_id: 'b', new_unit_price_cents: -1 },
        { pattern_id: 'c', new_unit_price_cents: 1.5 },
      ]),
    ).toEqual([{ pattern_id: 'a', old_unit_price_cents: 1200, new_unit_price_cents: 1500 }]);
    const changed = explainProblem(new PaymentProblem('price_changed', 'x', [{ pattern_id: 'a', old_unit_price_cents: 1, new_unit_price_cents: 2 }]));
    expect(changed).toMatchObject({ action: 'confirm_prices', patternIds: ['a'] });
  });
});

describe('why a payment failed', () => {
  it('prefers the order’s own failure, then its expiry, then the link’s reason', () => {
    expect(failureReason({ status: 'failed', failure_code: 'card_declined', failure_message: 'Your card was declined.' }, 'cancelled').title).toBe(
      'Your card was declined',
    );
    expect(failureReason({ status: 'pending', failure_code: 'payment_intent_authentication_failure', failure_message: null }, 'cancelled').code).toBe(
      'payment_intent_authentication_failure',
    );
    expect(failureReason({ status: 'expired', failure_code: null, failure_message: null }, 'cancelled').code).toBe('expired');
    expect(failureReason({ status: 'pending', failure_code: null, failure_message: null }, 'cancelled').code).toBe('cancelled');
    expect(failureReason(null, 'price_changed').code).toBe('price_changed');
    expect(failureReason(null, '<script>')).toMatchObject({ code: 'unknown', title: 'The payment did not go through' });
    expect(failureReason({ status: 'failed', failure_code: 'lost_card', failure_message: 'The card was reported lost.' }, null).advice).toMatch(
      /^The card was reported lost\. Nothing was charged/,
    );
  });
});

describe('discount code form', () => {
  const store = '11111111-1111-4111-8111-111111111111';
  it('builds the row for a percentage or an amount, with optional expiry and limit', () => {
    expect(readDiscountForm({ ...EMPTY_DISCOUNT, code: ' spring20 ', value: '20' }, store, 'EUR', '2026-11-23')).toEqual({
      row: {
        store_id: store,
        code: 'SPRING20',
        percent_off: 20,
        amount_off_cents: null,
        currency: null,
        pattern_id: null,
        expires_at: null,
        max_redemptions: null,
      },
    });
    const amount = readDiscountForm(
      { ...EMPTY_DISCOUNT, code: 'TWO-50', kind: 'amount', value: '2.50', expiresOn: '2026-12-31', maxRedemptions: '100', patternId: 'p' },
      store,
      'EUR',
      '2026-11-23',
    );
    expect(amount).toMatchObject({ row: { amount_off_cents: 250, currency: 'EUR', percent_off: null, max_redemptions: 100, pattern_id: 'p' } });
  });

  it('says what is wrong with each field and builds nothing', () => {
    const read = readDiscountForm({ ...EMPTY_DISCOUNT, code: '-x', value: '101', expiresOn: '2026-11-01', maxRedemptions: '0' }, store, 'EUR', '2026-11-23');
    expect(read).toEqual({
      errors: {
        code: expect.any(String),
        value: 'A whole percentage from 1 to 100.',
        expiresOn: 'Choose today or a later date.',
        maxRedemptions: expect.any(String),
      },
    });
    expect(readDiscountForm({ ...EMPTY_DISCOUNT, code: 'OK1', kind: 'amount', value: '0' }, store, 'GBP', '2026-11-23')).toEqual({
      errors: { value: 'An amount in GBP above 0, e.g. 2.50.' },
    });
  });
});

describe('checkout country', () => {
  it('comes from the browser’s languages when they name a checkout country', () => {
    expect(defaultCountry(['de-AT', 'en'])).toBe('AT');
    expect(defaultCountry(['fr'])).toBe('FR'); // likely region of French
    expect(defaultCountry(['en-GB'])).toBe('GB');
    expect(defaultCountry(['xx-QQ', 'not a tag'], 'US')).toBe('US');
    // a country Stitchhouse does not sell to falls back
    expect(defaultCountry(['hi-IN'], 'US')).toBe('US');
  });

  it('offers exactly the countries of the VAT table (the checkout refuses any other)', () => {
    expect([...CHECKOUT_COUNTRIES].sort()).toEqual(Object.keys(VAT_RATES).sort());
    for (const code of Object.keys(EU_VAT_RATES)) expect(CHECKOUT_COUNTRIES).toContain(code);
    for (const code of ['GB', 'US', 'NO', 'CH', 'AU']) expect(CHECKOUT_COUNTRIES).toContain(code);
    for (const code of ['IN', 'XX', 'EU', 'UN', 'ZZ', 'UK']) expect(CHECKOUT_COUNTRIES).not.toContain(code);
  });
});
