/** The stored reference rates, read once per page (public data: the anon client is enough). */
import { useSyncExternalStore } from 'react';
import { getReadClient } from '../publicRest.ts';
import { referenceRates, type CurrencyRate, type ReferenceRates } from './convert.ts';

type Store = { rates: ReferenceRates | null; loading: Promise<ReferenceRates> | null; failed: boolean; listeners: Set<() => void> };
const KEY = Symbol.for('stitchhouse.currencyRates');
const store: Store = ((globalThis as { [KEY]?: Store })[KEY] ??= { rates: null, loading: null, failed: false, listeners: new Set() });

/** The reference rates (cached for the page; a failed read is tried again on the next call). */
export function loadReferenceRates(): Promise<ReferenceRates> {
  store.loading ??= (async () => {
    const client = await getReadClient();
    const { data, error } = await client.from('currency_rates').select('currency, per_eur, as_of');
    if (error) throw error;
    const rates = referenceRates((data ?? []) as CurrencyRate[]);
    store.rates = rates;
    store.failed = false;
    for (const listener of store.listeners) listener();
    return rates;
  })();
  store.loading.catch(() => {
    store.loading = null;
    store.failed = true;
    for (const listener of store.listeners) listener();
  });
  return store.loading;
}

function subscribe(listener: () => void) {
  store.listeners.add(listener);
  void loadReferenceRates().catch(() => undefined);
  return () => store.listeners.delete(listener);
}

/** The rates once loaded (null before, or when they could not be read: prices then show as the store set them). */
export function useReferenceRates(): ReferenceRates | null {
  return useSyncExternalStore(
    subscribe,
    () => store.rates,
    () => null,
  );
}
