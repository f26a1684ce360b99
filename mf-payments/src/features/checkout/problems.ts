// Every error code of the checkout function (payments contract) in words, with the way forward.
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import type { CheckoutErrorCode } from '@stitchhouse/shared/contracts/checkout.ts';
import type { PaymentProblem } from '../../api/functions.ts';

export type ProblemAction =
  | 'sign_in'
  | 'browse'
  | 'remove_listed' // remove the patterns in details (unavailable, owned, own, free)
  | 'fix_quantity'
  | 'confirm_prices' // the cart took the new prices; paying again confirms them
  | 'remove_code'
  | 'remove_print_lines'
  | 'retry';

export interface ExplainedProblem {
  title: string;
  message: string;
  action: ProblemAction;
  /** Patterns the action applies to, when the server named them. */
  patternIds: string[];
}

export interface PriceChange {
  pattern_id: string;
  old_unit_price_cents: number;
  new_unit_price_cents: number;
}

/** details may list pattern ids as strings, or objects with a pattern_id. */
export function patternIdsOf(details: unknown): string[] {
  const list = Array.isArray(details)
    ? details
    : details && typeof details === 'object' && Array.isArray((details as { pattern_ids?: unknown }).pattern_ids)
      ? (details as { pattern_ids: unknown[] }).pattern_ids
      : [];
  return list
    .map((item) =>
      typeof item === 'string'
        ? item
        : item && typeof item === 'object' && typeof (item as { pattern_id?: unknown }).pattern_id === 'string'
          ? (item as { pattern_id: string }).pattern_id
          : null,
    )
    .filter((id): id is string => id !== null);
}

export function priceChangesOf(details: unknown): PriceChange[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is PriceChange =>
      !!d &&
      typeof d === 'object' &&
      typeof (d as PriceChange).pattern_id === 'string' &&
      Number.isSafeInteger((d as PriceChange).new_unit_price_cents) &&
      (d as PriceChange).new_unit_price_cents >= 0,
  );
}

/** Words for the checkout contract's codes (a code the contract does not name is a type error) and the shared `session` kind: catalog ids, read when explained. */
const WORDS: Partial<Record<CheckoutErrorCode | 'session', Omit<ExplainedProblem, 'patternIds'>>> = {
  not_signed_in: { title: /*i18n*/ 'payments.problem.signIn.title', message: /*i18n*/ 'payments.problem.signIn.message', action: 'sign_in' },
  session: { title: /*i18n*/ 'payments.problem.session.title', message: /*i18n*/ 'payments.problem.session.message', action: 'sign_in' },
  empty_cart: { title: /*i18n*/ 'payments.problem.emptyCart.title', message: /*i18n*/ 'payments.problem.emptyCart.message', action: 'browse' },
  invalid_request: { title: /*i18n*/ 'payments.problem.invalidRequest.title', message: /*i18n*/ 'payments.problem.invalidRequest.message', action: 'retry' },
  invalid_quantity: {
    title: /*i18n*/ 'payments.problem.invalidQuantity.title',
    message: /*i18n*/ 'payments.problem.invalidQuantity.message',
    action: 'fix_quantity',
  },
  pattern_unavailable: {
    title: /*i18n*/ 'payments.problem.unavailable.title',
    message: /*i18n*/ 'payments.problem.unavailable.message',
    action: 'remove_listed',
  },
  price_changed: { title: /*i18n*/ 'payments.problem.priceChanged.title', message: /*i18n*/ 'payments.problem.priceChanged.message', action: 'confirm_prices' },
  mixed_currencies: { title: /*i18n*/ 'payments.problem.mixedCurrencies.title', message: /*i18n*/ 'payments.problem.mixedCurrencies.message', action: 'retry' },
  already_owned: { title: /*i18n*/ 'payments.problem.owned.title', message: /*i18n*/ 'payments.problem.owned.message', action: 'remove_listed' },
  own_pattern: { title: /*i18n*/ 'payments.problem.own.title', message: /*i18n*/ 'payments.problem.own.message', action: 'remove_listed' },
  free_pattern: { title: /*i18n*/ 'payments.problem.free.title', message: /*i18n*/ 'payments.problem.free.message', action: 'remove_listed' },
  wholesale_not_approved: {
    title: /*i18n*/ 'payments.problem.wholesale.title',
    message: /*i18n*/ 'payments.problem.wholesale.message',
    action: 'remove_print_lines',
  },
  discount_invalid: {
    title: /*i18n*/ 'payments.problem.discountInvalid.title',
    message: /*i18n*/ 'payments.problem.discountInvalid.message',
    action: 'remove_code',
  },
  discount_expired: {
    title: /*i18n*/ 'payments.problem.discountExpired.title',
    message: /*i18n*/ 'payments.problem.discountExpired.message',
    action: 'remove_code',
  },
  discount_exhausted: {
    title: /*i18n*/ 'payments.problem.discountExhausted.title',
    message: /*i18n*/ 'payments.problem.discountExhausted.message',
    action: 'remove_code',
  },
  partner_code_invalid: {
    title: /*i18n*/ 'payments.problem.partnerInvalid.title',
    message: /*i18n*/ 'payments.problem.partnerInvalid.message',
    action: 'remove_code',
  },
  partner_code_own: { title: /*i18n*/ 'payments.problem.partnerOwn.title', message: /*i18n*/ 'payments.problem.partnerOwn.message', action: 'remove_code' },
  payments_unavailable: {
    title: /*i18n*/ 'payments.problem.unavailablePayments.title',
    message: /*i18n*/ 'payments.problem.unavailablePayments.message',
    action: 'retry',
  },
};

/** Our wording for a known code (in the page's language); the server's own sentence for anything newer; the shared wording for network and the like. */
export function explainProblem(problem: PaymentProblem): ExplainedProblem {
  const known = WORDS[problem.code as CheckoutErrorCode];
  const patternIds = problem.code === 'price_changed' ? priceChangesOf(problem.details).map((c) => c.pattern_id) : patternIdsOf(problem.details);
  if (known) return { title: i18n._(known.title), message: i18n._(known.message), action: known.action, patternIds };
  return { title: i18n._('payments.problem.unknown.title'), message: problem.message, action: 'retry', patternIds };
}

export const DISCOUNT_CODES = new Set(['discount_invalid', 'discount_expired', 'discount_exhausted']);
/** Refusals of a typed reseller code: shown at the partner code field, the rest of the checkout kept. */
export const PARTNER_CODES = new Set(['partner_code_invalid', 'partner_code_own']);
