import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_SCROLL } from '@stitchhouse/shared/scroll.ts';
import { parseCatalogQuery, serializeCatalogQuery, type CatalogQuery } from '../shared/urlState.ts';

/**
 * The catalog view read from, and written to, the URL (each change is a history entry). A
 * filter or sort change keeps the scroll position; page links open at the top.
 */
export function useCatalogQuery(): [CatalogQuery, (next: CatalogQuery) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const query = useMemo(() => parseCatalogQuery(new URLSearchParams(key)), [key]);
  const setQuery = useCallback(
    (next: CatalogQuery) => {
      const qs = serializeCatalogQuery(next);
      if (qs !== key) setParams(new URLSearchParams(qs), { state: KEEP_SCROLL });
    },
    [key, setParams],
  );
  return [query, setQuery];
}
