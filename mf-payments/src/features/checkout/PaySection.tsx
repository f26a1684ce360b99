import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import { startCheckout, type CheckoutRequest, type Quote } from '../../api/checkout.ts';
import type { PaymentProblem } from '../../api/functions.ts';
import { asProblem } from './useCheckoutProblem.ts';
import * as styles from './Checkout.module.css';

/** Sends the person to the provider’s hosted payment page. */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

export interface PaySectionProps {
  request: CheckoutRequest;
  currency: Currency;
  quote: Quote | null;
  quoting: boolean;
  problem: PaymentProblem | null;
  /** Set for a guest (anonymous session): where the receipt goes; null while it is not valid yet. */
  guestEmail?: string | null;
  /** Paying begins: the last problem goes. */
  onStart(): void;
  /** The payment page could not be opened: why. */
  onFailed(problem: PaymentProblem): void;
}

/** Pay (or "Confirm new total and pay" after a price change), which opens the hosted page, and what paying means. */
export function PaySection({ request, currency, quote, quoting, problem, guestEmail, onStart, onFailed }: PaySectionProps) {
  const { i18n } = useLingui();
  const [paying, setPaying] = useState(false);
  const blocking = problem && problem.code !== 'price_changed';
  const confirming = problem?.code === 'price_changed';

  async function pay() {
    setPaying(true);
    onStart();
    try {
      const { url } = await startCheckout({ ...request, guestEmail: guestEmail ?? undefined });
      goToPaymentPage(url);
      // Stay busy: the browser is leaving for the payment page.
    } catch (error) {
      setPaying(false);
      onFailed(asProblem(error));
    }
  }

  return (
    <div className={styles.pay}>
      <Button
        size="large"
        block
        busy={paying}
        busyLabel={i18n._('payments.pay.opening')}
        disabled={!quote || quoting || !!blocking || guestEmail === null}
        onClick={pay}
      >
        {quote && !quoting
          ? confirming
            ? i18n._('payments.pay.confirmAmount', { amount: formatMoney(quote.total_cents, currency) })
            : i18n._('payments.pay.amount', { amount: formatMoney(quote.total_cents, currency) })
          : confirming
            ? i18n._('payments.pay.confirm')
            : i18n._('payments.pay.pay')}
      </Button>
      <p className={styles.meta}>
        <Trans id="payments.pay.terms" components={{ 0: <Link to={`${href('/legal/terms-of-use')}#refunds`} /> }} />
      </p>
    </div>
  );
}
