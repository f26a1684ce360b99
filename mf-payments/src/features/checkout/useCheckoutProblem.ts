import { useState } from 'react';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { pageCart } from '@stitchhouse/shared/cart/index.ts';
import { PaymentProblem } from '../../api/functions.ts';
import { priceChangesOf } from './problems.ts';
import type { CheckoutCodes } from './useCheckoutCodes.ts';

/** A failure as the checkout words it (anything that is not the function's own refusal: "something went wrong"). */
export function asProblem(error: unknown): PaymentProblem {
  return error instanceof PaymentProblem ? error : new PaymentProblem('unknown', i18n._('payments.problem.ourSide'), undefined, undefined, true);
}

/** What the checkout shows as its problem, and how a refusal of the quote or of the payment lands. */
export function useCheckoutProblem(codes: CheckoutCodes) {
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  return {
    problem,
    /** Applies what the server said: a refused code goes to its field, new prices to the cart, the rest shows as the problem. */
    absorb(failure: PaymentProblem): void {
      if (codes.refuse(failure)) return;
      if (failure.code === 'price_changed') {
        pageCart().updatePrices(
          priceChangesOf(failure.details).map((c) => ({
            patternId: c.pattern_id,
            unitPriceCents: c.new_unit_price_cents,
            oldUnitPriceCents: Number.isSafeInteger(c.old_unit_price_cents) ? c.old_unit_price_cents : undefined,
          })),
        );
      }
      setProblem(failure);
    },
    /** A quote arrived: a price notice stays until the person pays (it is what they confirm); others clear. */
    quoted(): void {
      setProblem((previous) => (previous?.code === 'price_changed' ? previous : null));
    },
    clear(): void {
      setProblem(null);
    },
  };
}
