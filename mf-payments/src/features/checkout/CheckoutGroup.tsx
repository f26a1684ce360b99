import { href } from '@stitchhouse/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pageCart, type CartLine } from '@stitchhouse/shared/cart/index.ts';
import { formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { quoteCheckout, startCheckout, type Quote } from '../../api/checkout.ts';
import { PaymentProblem } from '../../api/functions.ts';
import { ProblemBlock } from './ProblemBlock.tsx';
import { priceChangesOf } from './problems.ts';
import { CartLines } from './CartLines.tsx';
import { DiscountCodeForm } from './DiscountCodeForm.tsx';
import { PartnerCodeForm } from './PartnerCodeForm.tsx';
import { QuoteSummary } from './QuoteSummary.tsx';
import { useCheckoutCodes } from './useCheckoutCodes.ts';
import * as styles from './Checkout.module.css';

const QUOTE_DELAY_MS = 300;

function asProblem(error: unknown): PaymentProblem {
  return error instanceof PaymentProblem ? error : new PaymentProblem('unknown', 'Something went wrong on our side. Please try again in a moment.', undefined, undefined, true);
}

/** Sends the person to the provider’s hosted payment page. */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

/**
 * One currency's lines of the cart: quantities, remove, a discount code, the server's live
 * quote (VAT for the chosen country, discount, total) and Pay, which opens the hosted page.
 */
export function CheckoutGroup({ currency, lines, country, several, guestEmail }: {
  currency: Currency; lines: CartLine[]; country: string; several: boolean;
  /** Set for a guest (anonymous session): where the receipt goes; null while it is not valid yet. */
  guestEmail?: string | null;
}) {
  const headingId = useId();
  const codes = useCheckoutCodes();
  const { code, partnerCode } = codes;
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoting, setQuoting] = useState(true);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [paying, setPaying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const problemRef = useRef<HTMLDivElement>(null);

  const key = JSON.stringify([lines.map((l) => [l.patternId, l.kind, l.quantity, l.unitPriceCents]), country, code, partnerCode, attempt]);

  /** Applies what the server said: a refused code goes to its field, new prices to the cart, the rest shows as the problem. */
  function absorb(failure: PaymentProblem): void {
    if (codes.refuse(failure)) return;
    if (failure.code === 'price_changed') {
      pageCart().updatePrices(priceChangesOf(failure.details).map((c) => ({
        patternId: c.pattern_id, unitPriceCents: c.new_unit_price_cents,
        oldUnitPriceCents: Number.isSafeInteger(c.old_unit_price_cents) ? c.old_unit_price_cents : undefined,
      })));
    }
    setProblem(failure);
  }

  useEffect(() => {
    let live = true;
    setQuoting(true);
    const timer = setTimeout(() => {
      quoteCheckout({ lines, country, discountCode: code ?? undefined, partnerCode: partnerCode ?? undefined }).then(
        (next) => {
          if (!live) return;
          setQuote(next.quote);
          codes.quoted(next.partner_code ?? null);
          setQuoting(false);
          // A price notice stays until the person pays (it is what they confirm); others clear.
          setProblem((previous) => (previous?.code === 'price_changed' ? previous : null));
        },
        (error: unknown) => {
          if (!live) return;
          setQuoting(false);
          absorb(asProblem(error));
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` sums up lines, country, the codes and retries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  async function pay() {
    setPaying(true);
    setProblem(null);
    try {
      const { url } = await startCheckout({ lines, country, discountCode: code ?? undefined, partnerCode: partnerCode ?? undefined, guestEmail: guestEmail ?? undefined });
      goToPaymentPage(url);
      // Stay busy: the browser is leaving for the payment page.
    } catch (error) {
      setPaying(false);
      absorb(asProblem(error));
      problemRef.current?.scrollIntoView({ block: 'nearest' });
    }
  }

  const blocking = problem && problem.code !== 'price_changed';
  const confirming = problem?.code === 'price_changed';

  return (
    <section className={styles.group} aria-labelledby={headingId} data-currency={currency}>
      <h2 id={headingId}>{several ? `Pay in ${currency}` : 'Your cart'}</h2>
      <CartLines lines={lines} currency={currency} quote={quote} />
      <DiscountCodeForm codes={codes} />
      <PartnerCodeForm codes={codes} />
      <QuoteSummary quote={quote} quoting={quoting} currency={currency} country={country} code={code} partnerApplied={codes.partnerApplied} />

      <div ref={problemRef}>
        {problem ? <ProblemBlock problem={problem} lines={lines} currency={currency} onRetry={() => { setProblem(null); setAttempt((n) => n + 1); }} onRemoveCode={() => { codes.removeCode(); setProblem(null); }} /> : null}
      </div>

      <div className={styles.pay}>
        <Button size="large" block busy={paying} busyLabel="Opening the secure payment page…" disabled={!quote || quoting || !!blocking || guestEmail === null} onClick={pay}>
          {confirming ? 'Confirm new total and pay' : 'Pay'}{quote && !quoting ? ` ${formatMoney(quote.total_cents, currency)}` : ''}
        </Button>
        <p className={styles.meta}>
          You pay on Stripe’s secure page and come back here. By paying you ask us to deliver the patterns at once and agree that
          downloading them ends your 14-day right to cancel (<Link to={`${href('/legal/terms-of-use')}#refunds`}>terms</Link>).
        </p>
      </div>
      {several ? <Alert tone="info">This checkout pays only for the {currency} patterns; the others stay in your cart.</Alert> : null}
    </section>
  );
}
