import { CatalogNotFound } from '../layout/NotFound.tsx';

/** Unknown, unpublished or someone else's pattern: the detail page's own not-found screen, so nothing leaks about drafts. */
export function PatternNotFound() {
  return <CatalogNotFound what="Pattern" />;
}
