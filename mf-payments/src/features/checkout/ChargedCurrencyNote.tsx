import { useLingui } from '@lingui/react';
import { useBuyerCurrency, usePrice } from '@stitchhouse/shared/currency/index.ts';
import * as styles from './Checkout.module.css';

/**
 * Checkout charges the store's currency, whatever the buyer browses in: say so, with the
 * approximate amount in the buyer's own currency when that differs (the card issuer converts).
 */
export function ChargedCurrencyNote({ totalCents, currency }: { totalCents: number; currency: string }) {
  const { i18n } = useLingui();
  const buyer = useBuyerCurrency();
  const shown = usePrice(totalCents, currency);
  return (
    <p className={styles.meta} data-testid="charged-currency">
      {buyer !== currency && shown.approximate
        ? i18n._('payments.quote.chargedAbout', { currency, about: shown.text.slice(2), buyer })
        : i18n._('payments.quote.charged', { currency })}
    </p>
  );
}
