// Every error code of the checkout function (payments contract) in words, with the way forward.
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

/** Words for the checkout contract's codes (a code the contract does not name is a type error) and the shared `session` kind. */
const WORDS: Partial<Record<CheckoutErrorCode | 'session', Omit<ExplainedProblem, 'patternIds'>>> = {
  not_signed_in: { title: 'Please sign in to pay', message: 'Your cart is kept while you sign in.', action: 'sign_in' },
  session: { title: 'Please sign in again', message: 'Your session has ended. Your cart is kept while you sign in.', action: 'sign_in' },
  empty_cart: { title: 'Your cart is empty', message: 'Add a pattern from its page, then come back here to pay.', action: 'browse' },
  invalid_request: {
    title: 'The cart could not be read',
    message: 'Something in this cart is not valid any more. Remove the patterns and add them again from their pages.',
    action: 'retry',
  },
  invalid_quantity: {
    title: 'Check the number of copies',
    message: 'Each line needs a whole number of copies, at least the wholesale minimum.',
    action: 'fix_quantity',
  },
  pattern_unavailable: {
    title: 'Some patterns are no longer sold',
    message: 'The designer unpublished them after you added them to the cart. Remove them to pay for the rest.',
    action: 'remove_listed',
  },
  price_changed: {
    title: 'Prices changed since you added these patterns',
    message: 'Your cart now shows the current prices. Check the new total, then pay to confirm it.',
    action: 'confirm_prices',
  },
  mixed_currencies: {
    title: 'One checkout per currency',
    message: 'Patterns priced in different currencies are paid for separately. Pay for each currency group on its own.',
    action: 'retry',
  },
  already_owned: {
    title: 'You already own some of these patterns',
    message: 'They are in your library already. Remove them from the cart to pay for the rest.',
    action: 'remove_listed',
  },
  own_pattern: {
    title: 'These are your own patterns',
    message: 'Patterns from your own store are in your library already. Remove them to pay for the rest.',
    action: 'remove_listed',
  },
  free_pattern: {
    title: 'Free patterns need no checkout',
    message: 'Remove them here and get them from the pattern page with “Get for free”.',
    action: 'remove_listed',
  },
  wholesale_not_approved: {
    title: 'Printed copies need an approved wholesale account',
    message: 'Remove the printed copies, or apply for a wholesale account first.',
    action: 'remove_print_lines',
  },
  discount_invalid: {
    title: 'That discount code does not work here',
    message: 'Check the spelling, or whether it is for another store or pattern.',
    action: 'remove_code',
  },
  discount_expired: {
    title: 'That discount code has expired',
    message: 'Remove it to pay the full price, or ask the store for a new code.',
    action: 'remove_code',
  },
  discount_exhausted: {
    title: 'That discount code has been used up',
    message: 'It reached its usage limit. Remove it to pay the full price.',
    action: 'remove_code',
  },
  partner_code_invalid: {
    title: 'That partner code is not known',
    message: 'Check it with the partner who gave it to you, or leave the partner code empty.',
    action: 'remove_code',
  },
  partner_code_own: {
    title: 'That is your own partner code',
    message: 'Your own purchases earn no commission; leave the partner code empty.',
    action: 'remove_code',
  },
  payments_unavailable: { title: 'Payments are not available right now', message: 'Nothing was charged. Please try again in a few minutes.', action: 'retry' },
};

/** Our wording for a known code; the server's own sentence for anything newer; the shared wording for network and the like. */
export function explainProblem(problem: PaymentProblem): ExplainedProblem {
  const known = WORDS[problem.code as CheckoutErrorCode];
  const patternIds = problem.code === 'price_changed' ? priceChangesOf(problem.details).map((c) => c.pattern_id) : patternIdsOf(problem.details);
  if (known) return { ...known, patternIds };
  return { title: 'The checkout did not start', message: problem.message, action: 'retry', patternIds };
}

export const DISCOUNT_CODES = new Set(['discount_invalid', 'discount_expired', 'discount_exhausted']);
/** Refusals of a typed reseller code: shown at the partner code field, the rest of the checkout kept. */
export const PARTNER_CODES = new Set(['partner_code_invalid', 'partner_code_own']);
