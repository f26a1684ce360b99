import { useLingui } from '@lingui/react';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import { CurrencySelect } from '@stitchhouse/shared/currency/index.ts';
import { CatalogFilters } from './CatalogFilters.tsx';
import { FitsMePanel } from './FitsMePanel.tsx';
import { activeFilterCount, clearFilters, withChanges, type CatalogQuery } from '../shared/urlState.ts';
import * as styles from './FilterPanel.module.css';

export interface FilterPanelProps {
  query: CatalogQuery;
  categories: readonly string[];
  onChange(next: CatalogQuery): void;
}

/**
 * "Fits me", the currency and the filters: beside the results on wide screens, in the sheet behind
 * "Filters (n)" on phones. CatalogView loads it as a chunk of its own, so a phone landing on the
 * catalog downloads it only when the sheet opens. Fits me's checks (zod) load with its first check.
 */
export function FilterPanel({ query, categories, onChange }: FilterPanelProps) {
  const { i18n } = useLingui();
  const filters = activeFilterCount(query);
  return (
    <>
      <FitsMePanel applied={query.fit} onApply={(fit) => onChange(withChanges(query, { fit }))} onClear={() => onChange(withChanges(query, { fit: {} }))} />
      <h2 className={styles.filtersHeading}>{i18n._('catalog.browse.filters')}</h2>
      <CurrencySelect />
      <CatalogFilters query={query} categories={categories} onChange={onChange} />
      {filters > 0 ? (
        <Button variant="ghost" size="small" onClick={() => onChange(clearFilters(query))}>
          {i18n._('catalog.browse.clearAllFilters', { count: filters })}
        </Button>
      ) : null}
    </>
  );
}
