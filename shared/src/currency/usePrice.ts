import { showPrice, type ShownPrice } from './convert.ts';
import { useBuyerCurrency } from './preference.ts';
import { useReferenceRates } from './rates.ts';

/** A store's price in the buyer's currency ("≈ €12.00" when converted). */
export function usePrice(amount: number, storeCurrency: string): ShownPrice {
  return showPrice(amount, storeCurrency, useBuyerCurrency(), useReferenceRates());
}

/** For lists: one hook call, then `show(amount, currency)` per row. */
export function usePriceShower(): (amount: number, storeCurrency: string) => ShownPrice {
  const wanted = useBuyerCurrency();
  const rates = useReferenceRates();
  return (amount, storeCurrency) => showPrice(amount, storeCurrency, wanted, rates);
}
