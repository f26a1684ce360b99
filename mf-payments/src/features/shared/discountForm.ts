// The discount-code form's rules, checked before anything is sent (the database checks them again).
import type { Currency } from '@stitchhouse/shared/money.ts';
import { DISCOUNT_CODE_FORMAT } from '@stitchhouse/shared/cart/codes.ts';
import type { NewDiscountCode } from '../../api/discounts.ts';

export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  patternId: string;
  expiresOn: string;
  maxRedemptions: string;
}

export type DiscountFormErrors = Partial<Record<keyof DiscountFormValues, string>>;

export const EMPTY_DISCOUNT: DiscountFormValues = { code: '', kind: 'percent', value: '', patternId: '', expiresOn: '', maxRedemptions: '' };

/** The row to insert, or the message per field. `today` is YYYY-MM-DD in the person's time zone. */
export function readDiscountForm(values: DiscountFormValues, storeId: string, currency: Currency, today: string): { row: NewDiscountCode } | { errors: DiscountFormErrors } {
  const errors: DiscountFormErrors = {};
  const code = values.code.trim().toUpperCase();
  if (!DISCOUNT_CODE_FORMAT.test(code)) errors.code = 'Use 3 to 32 letters, digits, “-” or “_”, starting with a letter or digit, e.g. SPRING20.';
  let percentOff: number | null = null;
  let amountOffCents: number | null = null;
  if (values.kind === 'percent') {
    if (!/^\d{1,3}$/.test(values.value.trim()) || Number(values.value) < 1 || Number(values.value) > 100) errors.value = 'A whole percentage from 1 to 100.';
    else percentOff = Number(values.value);
  } else if (!/^\d+(\.\d{1,2})?$/.test(values.value.trim()) || Number(values.value) <= 0) {
    errors.value = `An amount in ${currency} above 0, e.g. 2.50.`;
  } else {
    amountOffCents = Math.round(Number(values.value) * 100);
  }
  let expiresAt: string | null = null;
  if (values.expiresOn) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expiresOn) || values.expiresOn < today) errors.expiresOn = 'Choose today or a later date.';
    else expiresAt = new Date(`${values.expiresOn}T23:59:59`).toISOString(); // the end of that day where the owner is
  }
  let maxRedemptions: number | null = null;
  if (values.maxRedemptions.trim()) {
    if (!/^\d{1,6}$/.test(values.maxRedemptions.trim()) || Number(values.maxRedemptions) < 1) errors.maxRedemptions = 'A whole number of uses, 1 or more (or leave empty for no limit).';
    else maxRedemptions = Number(values.maxRedemptions);
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    row: {
      store_id: storeId, code, percent_off: percentOff, amount_off_cents: amountOffCents, currency: amountOffCents === null ? null : currency,
      pattern_id: values.patternId || null, expires_at: expiresAt, max_redemptions: maxRedemptions,
    },
  };
}
