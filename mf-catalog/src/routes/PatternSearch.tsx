import { CatalogView } from '../features/browse/CatalogView.tsx';

/** /patterns/search?q=…: ranked full-text search with typo tolerance and "did you mean". */
export default function PatternSearch() {
  return <CatalogView mode="search" />;
}
