import { useId } from 'react';
import { SUPPORTED_CURRENCIES, type Currency } from '../money.ts';
import { chooseCurrency, useBuyerCurrency } from './preference.ts';
import { useReferenceRates } from './rates.ts';
import * as styles from './CurrencySelect.module.css';

const NAMES: Record<Currency, string> = { EUR: '€ Euro', GBP: '£ Pound', USD: '$ US dollar' };

/** "Show prices in [€ Euro ▾]" (compact: "Currency [EUR ▾]" for the header): the buyer's one currency, remembered in this browser. */
export function CurrencySelect({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const currency = useBuyerCurrency();
  return (
    <span className={styles.wrap}>
      <label htmlFor={id} className={compact ? styles.compactLabel : styles.label}>
        {compact ? 'Currency' : 'Show prices in'}
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
            {compact ? c : NAMES[c]}
          </option>
        ))}
      </select>
      {compact ? null : <RatesNote id={`${id}-note`} />}
    </span>
  );
}

/** Which rates convert the prices (the header's compact switch leaves it out, and does not load the rates). */
function RatesNote({ id }: { id: string }) {
  const rates = useReferenceRates();
  const day = rates
    ? new Date(`${rates.asOf}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : null;
  return (
    <span id={id} className={styles.note}>
      ≈ converted at {day ? `reference rates of ${day}` : 'reference rates'}; you pay in the store’s currency.
    </span>
  );
}
