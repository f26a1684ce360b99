import { showPrice, type ShownPrice } from './convert.ts';
import { useBuyerCurrency } from './preference.ts';
import { useReferenceRates } from './rates.ts';

/** A store's price in the buyer's currency ("≈ €12.00" when converted). */
export function usePrice(amount: number, storeCurrency: string): ShownPrice {
  return showPrice(amount, storeCurrency, useBuyerCurrency(), useReferenceRates());
}
