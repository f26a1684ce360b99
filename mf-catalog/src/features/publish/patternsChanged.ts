import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { patternKeys } from '../../api/catalog.ts';
import { storeKeys } from '../../api/storefront.ts';

/**
 * After a store changed its patterns (status, details, photos, files): every read that shows them
 * is stale. patternKeys.all holds the catalog, pattern pages, libraries and download pages;
 * storeKeys.all the storefronts, the store manager and the editor. Resolves once what is on
 * screen has been read again.
 */
export async function patternsChanged(): Promise<void> {
  await Promise.all([patternKeys.all, storeKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
