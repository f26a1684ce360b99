import { useId, useRef } from 'react';
import { useLingui } from '@lingui/react';
import type { CartLine } from '@stitchhouse/shared/cart/index.ts';
import type { Currency } from '@stitchhouse/shared/pricing.ts';
import { Alert } from '@stitchhouse/shared/ui/index.ts';
import type { CheckoutRequest } from '../../api/checkout.ts';
import type { PaymentProblem } from '../../api/functions.ts';
import { ProblemBlock } from './ProblemBlock.tsx';
import { CartLines } from './CartLines.tsx';
import { DiscountCodeForm } from './DiscountCodeForm.tsx';
import { PartnerCodeForm } from './PartnerCodeForm.tsx';
import { PaySection } from './PaySection.tsx';
import { QuoteSummary } from './QuoteSummary.tsx';
import { useCheckoutCodes } from './useCheckoutCodes.ts';
import { useCheckoutProblem } from './useCheckoutProblem.ts';
import { useCheckoutQuote } from './useCheckoutQuote.ts';
import * as styles from './Checkout.module.css';

/**
 * One currency's lines of the cart: quantities, remove, a discount code, the server's live
 * quote (VAT for the chosen country, discount, total) and Pay, which opens the hosted page.
 */
export function CheckoutGroup({
  currency,
  lines,
  country,
  several,
  guestEmail,
}: {
  currency: Currency;
  lines: CartLine[];
  country: string;
  several: boolean;
  /** Set for a guest (anonymous session): where the receipt goes; null while it is not valid yet. */
  guestEmail?: string | null;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const codes = useCheckoutCodes();
  const { code } = codes;
  const { problem, absorb, quoted, clear } = useCheckoutProblem(codes);
  const problemRef = useRef<HTMLDivElement>(null);
  const request: CheckoutRequest = { lines, country, discountCode: code ?? undefined, partnerCode: codes.partnerCode ?? undefined };
  const { quote, quoting, requote } = useCheckoutQuote(request, {
    onQuoted: (answer) => {
      codes.quoted(answer.partner_code ?? null);
      quoted();
    },
    onFailed: absorb,
  });

  function payFailed(failure: PaymentProblem) {
    absorb(failure);
    problemRef.current?.scrollIntoView({ block: 'nearest' });
  }

  return (
    <section className={styles.group} aria-labelledby={headingId} data-currency={currency}>
      <h2 id={headingId}>{several ? i18n._('payments.checkout.payIn', { currency }) : i18n._('payments.checkout.yourCart')}</h2>
      <CartLines lines={lines} currency={currency} quote={quote} />
      <DiscountCodeForm codes={codes} />
      <PartnerCodeForm codes={codes} />
      <QuoteSummary quote={quote} quoting={quoting} currency={currency} country={country} code={code} partnerApplied={codes.partnerApplied} />

      <div ref={problemRef}>
        {problem ? (
          <ProblemBlock
            problem={problem}
            lines={lines}
            currency={currency}
            onRetry={() => {
              clear();
              requote();
            }}
            onRemoveCode={() => {
              codes.removeCode();
              clear();
            }}
          />
        ) : null}
      </div>

      <PaySection
        request={request}
        currency={currency}
        quote={quote}
        quoting={quoting}
        problem={problem}
        guestEmail={guestEmail}
        onStart={clear}
        onFailed={payFailed}
      />
      {several ? <Alert tone="info">{i18n._('payments.checkout.onlyCurrency', { currency })}</Alert> : null}
    </section>
  );
}
