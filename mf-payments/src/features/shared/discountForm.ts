// The discount-code form's rules, checked before anything is sent (the database checks them again).
import * as z from '@stitchhouse/shared/zod.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
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

export const EMPTY_DISCOUNT: DiscountFormValues = { code: '', kind: 'percent', value: '', patternId: '', expiresOn: '', maxRedemptions: '' };

/**
 * The form's check: a message per field, and the row to insert once every field is right.
 * `today` is YYYY-MM-DD in the person's time zone, read when the form is checked. The messages
 * are in the page's language when the schema is made (each render of the form makes it).
 */
export function discountFormSchema(storeId: string, currency: Currency, today: () => string) {
  return z
    .object({
      code: z.string().trim().toUpperCase().regex(DISCOUNT_CODE_FORMAT, i18n._('payments.discount.codeFormat')),
      kind: z.enum(['percent', 'amount']),
      value: z.string().trim(),
      patternId: z.string(),
      expiresOn: z.string(),
      maxRedemptions: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      const wrong = (path: keyof DiscountFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.kind === 'percent') {
        if (!/^\d{1,3}$/.test(v.value) || Number(v.value) < 1 || Number(v.value) > 100) wrong('value', i18n._('payments.discount.percent'));
      } else if (!/^\d+(\.\d{1,2})?$/.test(v.value) || Number(v.value) <= 0) {
        wrong('value', i18n._('payments.discount.amount', { currency, example: (2.5).toLocaleString(i18n.locale, { minimumFractionDigits: 2 }) }));
      }
      if (v.expiresOn && (!/^\d{4}-\d{2}-\d{2}$/.test(v.expiresOn) || v.expiresOn < today())) wrong('expiresOn', i18n._('payments.discount.expires'));
      if (v.maxRedemptions && (!/^\d{1,6}$/.test(v.maxRedemptions) || Number(v.maxRedemptions) < 1)) {
        wrong('maxRedemptions', i18n._('payments.discount.uses'));
      }
    })
    .transform((v): NewDiscountCode => {
      const amountOffCents = v.kind === 'amount' ? Math.round(Number(v.value) * 100) : null;
      return {
        store_id: storeId,
        code: v.code,
        percent_off: v.kind === 'percent' ? Number(v.value) : null,
        amount_off_cents: amountOffCents,
        currency: amountOffCents === null ? null : currency,
        pattern_id: v.patternId || null,
        // the end of that day where the owner is
        expires_at: v.expiresOn ? new Date(`${v.expiresOn}T23:59:59`).toISOString() : null,
        max_redemptions: v.maxRedemptions ? Number(v.maxRedemptions) : null,
      };
    });
}

export type DiscountFormErrors = Partial<Record<keyof DiscountFormValues, string>>;

/** The row to insert, or the message per field (the form's check outside a form). `today` is YYYY-MM-DD in the person's time zone. */
export function readDiscountForm(
  values: DiscountFormValues,
  storeId: string,
  currency: Currency,
  today: string,
): { row: NewDiscountCode } | { errors: DiscountFormErrors } {
  const parsed = discountFormSchema(storeId, currency, () => today).safeParse(values);
  if (parsed.success) return { row: parsed.data };
  const errors: DiscountFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof DiscountFormValues] ??= issue.message;
  return { errors };
}
