import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { CartLine } from './cart.ts';
import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from './keys.ts';

// The stored cart is checked with zod (cart.ts). A page that shows whether a pattern is in the
// cart (the pattern page) loads that module only when this browser has a cart, as the shell's
// header does: a first visit does not download zod for an empty cart.

type CartModule = typeof import('./cart.ts');
let cartModule: CartModule | null = null;

/** The cart module (pageCart, CartError…), loaded on first need: to add to the cart, or to read a stored one. */
export function loadCart(): Promise<CartModule> {
  return import('./cart.ts').then((module) => (cartModule = module));
}

/** A screen that imports the cart anyway (index.ts: the checkout) reads it from its first render. */
export function noteCartLoaded(module: CartModule): void {
  cartModule ??= module;
}

function hasStoredCart(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(CART_STORAGE_KEY) !== null;
  } catch {
    return false; // blocked storage: no cart to show
  }
}

const NO_LINES: readonly CartLine[] = Object.freeze([]);

/** The page cart's lines; re-renders when this tab or another one changes the cart. */
export function useCart(): readonly CartLine[] {
  const [loaded, setLoaded] = useState(() => cartModule !== null);
  useEffect(() => {
    if (loaded) return;
    // A cart stored already, or started later in this tab or another one, brings the module.
    const loadIfStored = () => {
      if (hasStoredCart()) void loadCart().then(() => setLoaded(true));
    };
    loadIfStored();
    window.addEventListener(CART_CHANGED_EVENT, loadIfStored);
    window.addEventListener('storage', loadIfStored);
    return () => {
      window.removeEventListener(CART_CHANGED_EVENT, loadIfStored);
      window.removeEventListener('storage', loadIfStored);
    };
  }, [loaded]);
  const subscribe = useCallback((onChange: () => void) => (loaded && cartModule ? cartModule.pageCart().subscribe(onChange) : () => undefined), [loaded]);
  return useSyncExternalStore(
    subscribe,
    () => (loaded && cartModule ? cartModule.pageCart().lines() : NO_LINES),
    () => NO_LINES,
  );
}
