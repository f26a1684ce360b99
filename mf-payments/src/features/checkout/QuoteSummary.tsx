import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const place = countryName(country, i18n.locale);
  return (
    <div aria-live="polite" aria-busy={quoting || undefined}>
      {quote ? (
        <dl className={styles.summary} aria-label={i18n._('payments.quote.label', { currency })}>
          <dt>{i18n._('payments.quote.subtotal')}</dt>
          <dd>{formatMoney(quote.subtotal_cents, currency)}</dd>
          {quote.discount_cents > 0 ? (
            <>
              <dt>{code ? i18n._('payments.quote.discountCode', { code }) : i18n._('payments.quote.discount')}</dt>
              <dd>−{formatMoney(quote.discount_cents, currency)}</dd>
            </>
          ) : null}
          <dt>
            {quote.vat_rate_bp > 0
              ? i18n._('payments.quote.vat', { rate: formatBasisPoints(quote.vat_rate_bp), country: place })
              : i18n._('payments.quote.noVat', { country: place })}
          </dt>
          <dd>{formatMoney(quote.vat_cents, currency)}</dd>
          {partnerApplied ? (
            <>
              <dt>{i18n._('payments.partner.form')}</dt>
              <dd data-testid="checkout-partner-code">{i18n._('payments.quote.partnerApplied', { code: partnerApplied })}</dd>
            </>
          ) : null}
          <dt className={styles.total}>{i18n._('payments.quote.total')}</dt>
          <dd className={styles.total} data-testid="checkout-total">
            {formatMoney(quote.total_cents, currency)}
          </dd>
        </dl>
      ) : null}
      {quote ? (
        <ChargedCurrencyNote totalCents={quote.total_cents} currency={currency} />
      ) : quoting ? (
        <div aria-label={i18n._('payments.quote.working')}>
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </div>
      ) : null}
      {quoting && quote ? <p className={styles.meta}>{i18n._('payments.quote.updating')}</p> : null}
    </div>
  );
}
