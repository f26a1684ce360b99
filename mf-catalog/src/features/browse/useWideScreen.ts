import { useSyncExternalStore } from 'react';

/** Where the catalog shows its filters beside the results (CatalogView.module.css uses the same width). */
export const FILTERS_BESIDE_RESULTS = '(min-width: 56rem)';

function subscribe(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

/** Whether a media query matches now, re-rendering when it changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => window.matchMedia(query).matches,
    () => true,
  );
}
