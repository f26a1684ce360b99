import { CatalogView } from '../features/browse/CatalogView.tsx';

/** /patterns: browse the catalog with filters, sorts and "fits me"; all state in the URL. */
export default function PatternCatalog() {
  return <CatalogView mode="browse" />;
}
