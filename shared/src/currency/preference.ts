/**
 * Which currency the buyer sees prices in: their choice (kept in this browser) or, until they
 * choose, one guessed from their locale. One small external store for the page, so the header's
 * switcher and every remote's prices change together (shared is a singleton across remotes).
 */
import { useSyncExternalStore } from 'react';
import type { Currency } from '../money.ts';
import { isCurrency } from './convert.ts';

export const CURRENCY_STORAGE_KEY = 'stitchhouse.currency';

// The guess lives in plain JavaScript so the page's server (scripts/route-hints.mjs) makes the same one
// from Accept-Language when it answers a catalog's first reads inside the page.
import { currencyForLocale } from './locale.mjs';

export { currencyForLocale };

type Store = { listeners: Set<() => void>; chosen: Currency | null; loaded: boolean };
const KEY = Symbol.for('stitchhouse.currency');
const store: Store = ((globalThis as { [KEY]?: Store })[KEY] ??= { listeners: new Set(), chosen: null, loaded: false });

function readStored(): Currency | null {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isCurrency(value) ? value : null;
  } catch {
    return null;
  }
}

function load() {
  if (store.loaded) return;
  store.loaded = true;
  store.chosen = readStored();
  if (typeof window !== 'undefined') {
    // another tab chose: follow it
    window.addEventListener('storage', (event) => {
      if (event.key !== CURRENCY_STORAGE_KEY) return;
      store.chosen = isCurrency(event.newValue) ? event.newValue : null;
      for (const listener of store.listeners) listener();
    });
  }
}

/** The buyer's currency: chosen, else from the browser's locale. */
export function buyerCurrency(): Currency {
  load();
  return store.chosen ?? currencyForLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
}

/** Remember the buyer's choice (this browser) and tell every price on the page. */
export function chooseCurrency(currency: Currency): void {
  load();
  store.chosen = currency;
  try {
    window.localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
  } catch {
    // private mode: the choice lasts for this page
  }
  for (const listener of store.listeners) listener();
}

function subscribe(listener: () => void) {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

/** The buyer's currency, re-rendering when they switch. */
export function useBuyerCurrency(): Currency {
  return useSyncExternalStore(subscribe, buyerCurrency, () => 'USD' as Currency);
}
