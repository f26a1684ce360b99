import { useBuyerCurrency, usePrice } from '@stitchhouse/shared/currency/index.ts';
import * as styles from './Checkout.module.css';

/**
 * Checkout charges the store's currency, whatever the buyer browses in: say so, with the
 * approximate amount in the buyer's own currency when that differs (the card issuer converts).
 */
export function ChargedCurrencyNote({ totalCents, currency }: { totalCents: number; currency: string }) {
  const buyer = useBuyerCurrency();
  const shown = usePrice(totalCents, currency);
  return (
    <p className={styles.meta} data-testid="charged-currency">
      You are charged in {currency}, the store’s currency
      {buyer !== currency && shown.approximate ? `: about ${shown.text.slice(2)} in ${buyer} at our reference rate; your card issuer’s rate may differ.` : '.'}
    </p>
  );
}
