import { href } from '@stitchhouse/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pageCart, type CartLine } from '@stitchhouse/shared/cart/index.ts';
import { formatBasisPoints, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { Alert, Button, Skeleton, TextField } from '@stitchhouse/shared/ui/index.ts';
import { quoteCheckout, startCheckout, type Quote } from '../../api/checkout.ts';
import { PaymentProblem } from '../../api/functions.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { ProblemBlock } from './ProblemBlock.tsx';
import { DISCOUNT_CODES, PARTNER_CODES, explainProblem, priceChangesOf } from './problems.ts';
import { PartnerCodeForm } from './PartnerCodeForm.tsx';
import { QuantityField } from './QuantityField.tsx';
import { ChargedCurrencyNote } from './ChargedCurrencyNote.tsx';
import { DISCOUNT_CODE_FORMAT } from '../shared/discountForm.ts';
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
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // the typed partner code as sent, and as the server's quote accepted it
  const [partnerCode, setPartnerCode] = useState<string | null>(null);
  const [partnerApplied, setPartnerApplied] = useState<string | null>(null);
  const [partnerError, setPartnerError] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoting, setQuoting] = useState(true);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [paying, setPaying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const problemRef = useRef<HTMLDivElement>(null);

  const key = JSON.stringify([lines.map((l) => [l.patternId, l.kind, l.quantity, l.unitPriceCents]), country, code, partnerCode, attempt]);

  /** Applies what the server said; returns true when the problem is only the code or new prices (already handled). */
  function absorb(failure: PaymentProblem): void {
    if (DISCOUNT_CODES.has(failure.code) && code) {
      setCodeError(explainProblem(failure).title + '. ' + explainProblem(failure).message);
      setCode(null);
      return;
    }
    if (PARTNER_CODES.has(failure.code) && partnerCode) {
      setPartnerError(explainProblem(failure).title + '. ' + explainProblem(failure).message);
      setPartnerCode(null);
      return;
    }
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
          setPartnerApplied(next.partner_code ?? null);
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

  function applyCode(event: FormEvent) {
    event.preventDefault();
    const trimmed = codeInput.trim().toUpperCase();
    setCodeError(null);
    if (!DISCOUNT_CODE_FORMAT.test(trimmed)) {
      setCodeError('A code is 3 to 32 letters, digits, “-” or “_”, as the store gave it.');
      return;
    }
    setCode(trimmed);
  }

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

  const lineTotal = (line: CartLine) => quote?.lines.find((q) => q.pattern_id === line.patternId && q.kind === line.kind);
  const blocking = problem && problem.code !== 'price_changed';
  const confirming = problem?.code === 'price_changed';

  return (
    <section className={styles.group} aria-labelledby={headingId} data-currency={currency}>
      <h2 id={headingId}>{several ? `Pay in ${currency}` : 'Your cart'}</h2>
      <ul className={styles.lines}>
        {lines.map((line) => {
          const quoted = lineTotal(line);
          return (
            <li key={`${line.patternId}:${line.kind}`} className={styles.line} data-pattern-id={line.patternId}>
              <div>
                <p className={styles.lineTitle}>{line.title}</p>
                <p className={styles.meta}>
                  by {line.storeName} · {line.kind === 'digital' ? 'PDF pattern' : `Printed copies (wholesale), ${formatMoney(line.unitPriceCents, currency)} each`}
                </p>
                {quoted && quoted.discount_cents > 0 ? <p className={styles.meta}>Discount −{formatMoney(quoted.discount_cents, currency)}</p> : null}
              </div>
              <p className={styles.amount}>{formatMoney(quoted ? quoted.total_cents : line.unitPriceCents * line.quantity, currency)}</p>
              <div className={styles.lineActions}>
                {line.kind === 'wholesale_print' ? <QuantityField line={line} /> : null}
                <Button size="small" variant="ghost" onClick={() => pageCart().remove(line.patternId, line.kind)} aria-label={`Remove ${line.title} from the cart`}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>

      <form className={styles.codeRow} onSubmit={applyCode} noValidate>
        <TextField label="Discount code" value={codeInput} onChange={(event) => setCodeInput(event.target.value)} autoComplete="off" error={codeError ?? undefined}
          hint={code ? `Code ${code} applied.` : 'Codes come from the store; one code per checkout.'} />
        <Button type="submit" variant="secondary">Apply</Button>
        {code ? <Button variant="ghost" onClick={() => { setCode(null); setCodeInput(''); }}>Remove the code</Button> : null}
      </form>

      <PartnerCodeForm applied={partnerApplied} pending={!!partnerCode && partnerCode !== partnerApplied} error={partnerError}
        onApply={(next) => { setPartnerError(null); setPartnerCode(next); }}
        onRemove={() => { setPartnerCode(null); setPartnerApplied(null); setPartnerError(null); }} />

      <div aria-live="polite" aria-busy={quoting || undefined}>
        {quote ? (
          <dl className={styles.summary} aria-label={`Total in ${currency}`}>
            <dt>Subtotal</dt>
            <dd>{formatMoney(quote.subtotal_cents, currency)}</dd>
            {quote.discount_cents > 0 ? (
              <>
                <dt>Discount{code ? ` (${code})` : ''}</dt>
                <dd>−{formatMoney(quote.discount_cents, currency)}</dd>
              </>
            ) : null}
            <dt>{quote.vat_rate_bp > 0 ? `VAT ${formatBasisPoints(quote.vat_rate_bp)} for ${countryName(country)}, included` : `No VAT for ${countryName(country)}`}</dt>
            <dd>{formatMoney(quote.vat_cents, currency)}</dd>
            {partnerApplied ? (
              <>
                <dt>Partner code</dt>
                <dd data-testid="checkout-partner-code">{partnerApplied} applied</dd>
              </>
            ) : null}
            <dt className={styles.total}>Total</dt>
            <dd className={styles.total} data-testid="checkout-total">{formatMoney(quote.total_cents, currency)}</dd>
          </dl>
        ) : null}
        {quote ? (
          <ChargedCurrencyNote totalCents={quote.total_cents} currency={currency} />
        ) : quoting ? (
          <div aria-label="Working out the total">
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </div>
        ) : null}
        {quoting && quote ? <p className={styles.meta}>Updating the total…</p> : null}
      </div>

      <div ref={problemRef}>
        {problem ? <ProblemBlock problem={problem} lines={lines} currency={currency} onRetry={() => { setProblem(null); setAttempt((n) => n + 1); }} onRemoveCode={() => { setCode(null); setCodeInput(''); setProblem(null); }} /> : null}
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
