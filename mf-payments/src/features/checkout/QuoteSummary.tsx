import { formatBasisPoints, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import type { Quote } from '../../api/checkout.ts';
import { ChargedCurrencyNote } from './ChargedCurrencyNote.tsx';
import * as styles from './Checkout.module.css';

/** The server's quote (subtotal, discount, VAT for the country, partner code, total), announced as it changes. */
export function QuoteSummary({
  quote,
  quoting,
  currency,
  country,
  code,
  partnerApplied,
}: {
  quote: Quote | null;
  quoting: boolean;
  currency: Currency;
  country: string;
  code: string | null;
  partnerApplied: string | null;
}) {
  return (
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
          <dt>
            {quote.vat_rate_bp > 0 ? `VAT ${formatBasisPoints(quote.vat_rate_bp)} for ${countryName(country)}, included` : `No VAT for ${countryName(country)}`}
          </dt>
          <dd>{formatMoney(quote.vat_cents, currency)}</dd>
          {partnerApplied ? (
            <>
              <dt>Partner code</dt>
              <dd data-testid="checkout-partner-code">{partnerApplied} applied</dd>
            </>
          ) : null}
          <dt className={styles.total}>Total</dt>
          <dd className={styles.total} data-testid="checkout-total">
            {formatMoney(quote.total_cents, currency)}
          </dd>
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
  );
}
