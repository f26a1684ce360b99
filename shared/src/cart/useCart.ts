import { useCallback, useSyncExternalStore } from 'react';
import { pageCart, type CartLine } from './cart.ts';

const NO_LINES: readonly CartLine[] = Object.freeze([]);

/** The page cart's lines; re-renders when this tab or another one changes the cart. */
export function useCart(): readonly CartLine[] {
  const subscribe = useCallback((onChange: () => void) => pageCart().subscribe(onChange), []);
  return useSyncExternalStore(subscribe, () => pageCart().lines(), () => NO_LINES);
}
