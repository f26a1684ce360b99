import { useId } from 'react';
import { SUPPORTED_CURRENCIES, type Currency } from '../money.ts';
import { chooseCurrency, useBuyerCurrency } from './preference.ts';
import { useReferenceRates } from './rates.ts';
import { formatDay } from '../money.ts';
import { useI18n } from '../ui/useI18n.ts';
import * as styles from './CurrencySelect.module.css';

const NAMES: Record<Currency, string> = { EUR: /*i18n*/ 'shared.currency.eur', GBP: /*i18n*/ 'shared.currency.gbp', USD: /*i18n*/ 'shared.currency.usd' };

/** "Show prices in [€ Euro ▾]" (compact: "Currency [EUR ▾]" for the header): the buyer's one currency, remembered in this browser. */
export function CurrencySelect({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const i18n = useI18n();
  const currency = useBuyerCurrency();
  return (
    <span className={styles.wrap}>
      <label htmlFor={id} className={compact ? styles.compactLabel : styles.label}>
        {compact ? i18n._('shared.currency.label') : i18n._('shared.currency.showPricesIn')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={currency}
        onChange={(e) => chooseCurrency(e.target.value as Currency)}
        data-testid="currency-select"
        aria-describedby={compact ? undefined : `${id}-note`}
      >
        {SUPPORTED_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {compact ? c : i18n._(NAMES[c])}
          </option>
        ))}
      </select>
      {compact ? null : <RatesNote id={`${id}-note`} />}
    </span>
  );
}

/** Which rates convert the prices (the header's compact switch leaves it out, and does not load the rates). */
function RatesNote({ id }: { id: string }) {
  const i18n = useI18n();
  const rates = useReferenceRates();
  // a calendar day ("2026-01-03"), written as that very day in the page's language
  const day = rates ? formatDay(rates.asOf) : null;
  return (
    <span id={id} className={styles.note}>
      {day ? i18n._('shared.currency.ratesOf', { day }) : i18n._('shared.currency.rates')}
    </span>
  );
}
