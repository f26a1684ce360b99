import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Select, Skeleton, TextField } from '@stitchhouse/shared/ui/index.ts';
import { useBuyerCurrency } from '@stitchhouse/shared/currency/index.ts';
import { FORMATS, PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';
import { CRAFTS, DIFFICULTY_LABELS, categoryLabel, craftLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { hasYarnFacets } from '@stitchhouse/shared/catalog/yarn.ts';
import { priceInputToCents } from '../shared/priceInput.ts';
import { withChanges, type CatalogQuery } from '../shared/urlState.ts';
import { PATTERN_LANGUAGES, languageName } from '../shared/languages.ts';
import * as styles from './CatalogFilters.module.css';

// Knitting and crochet facets load when the craft is knitting or crochet (not on the catalog's first screen).
const YarnFilters = lazy(() => import('./YarnFilters.tsx').then((module) => ({ default: module.YarnFilters })));

export interface CatalogFiltersProps {
  query: CatalogQuery;
  categories: readonly string[];
  onChange(next: CatalogQuery): void;
}

const priceText = (cents: number | null) => (cents === null ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** Selects apply at once (each a history entry); the price range applies with its button. */
export function CatalogFilters({ query, categories, onChange }: CatalogFiltersProps) {
  const currency = useBuyerCurrency();
  const set = (changes: Partial<CatalogQuery>) => onChange(withChanges(query, changes));
  const [priceMin, setPriceMin] = useState(priceText(query.priceMinCents));
  const [priceMax, setPriceMax] = useState(priceText(query.priceMaxCents));
  const [priceError, setPriceError] = useState<string | null>(null);
  useEffect(() => {
    setPriceMin(priceText(query.priceMinCents));
    setPriceMax(priceText(query.priceMaxCents));
  }, [query.priceMinCents, query.priceMaxCents]);

  function applyPrice(event: FormEvent) {
    event.preventDefault();
    const min = priceInputToCents(priceMin);
    const max = priceInputToCents(priceMax);
    if (Number.isNaN(min) || Number.isNaN(max)) {
      setPriceError('Enter prices as amounts such as 5 or 12.50');
      return;
    }
    if (min !== null && max !== null && min > max) {
      setPriceError('The lowest price must not be above the highest');
      return;
    }
    setPriceError(null);
    set({ priceMinCents: min, priceMaxCents: max });
  }

  const categoryOptions = [...new Set([...categories, ...(query.category ? [query.category] : [])])].map((c) => ({ value: c, label: categoryLabel(c) }));

  return (
    <div className={styles.filters}>
      <Select
        label="Craft"
        placeholder="Any craft"
        value={query.craft ?? ''}
        options={CRAFTS.map((c) => ({ value: c, label: craftLabel(c) }))}
        onChange={(e) => set({ craft: e.target.value || null })}
      />
      {hasYarnFacets(query.craft) ? (
        <Suspense fallback={<Skeleton shape="block" height="18rem" />}>
          <YarnFilters query={query} onChange={onChange} />
        </Suspense>
      ) : null}
      <Select
        label="Category"
        placeholder="Any category"
        value={query.category ?? ''}
        options={categoryOptions}
        onChange={(e) => set({ category: e.target.value || null })}
      />
      <Select
        label="Difficulty"
        placeholder="Any difficulty"
        value={query.difficultyMax === null ? '' : String(query.difficultyMax)}
        options={DIFFICULTY_LABELS.map((name, i) => ({ value: String(i + 1), label: i === 0 ? name : `Up to ${name.toLowerCase()}` }))}
        onChange={(e) => set({ difficultyMax: e.target.value ? Number(e.target.value) : null, difficultyMin: null })}
      />
      <Select
        label="Format"
        placeholder="Any format"
        value={query.format ?? ''}
        options={PATTERN_FORMATS.map((f) => ({ value: f, label: FORMATS[f].label }))}
        onChange={(e) => set({ format: e.target.value || null })}
      />
      <Select
        label="Language"
        placeholder="Any language"
        value={query.language ?? ''}
        options={PATTERN_LANGUAGES.map((l) => ({ value: l, label: languageName(l) }))}
        onChange={(e) => set({ language: e.target.value || null })}
      />
      <Checkbox label="Free patterns only" checked={query.freeOnly} onChange={(e) => set({ freeOnly: e.target.checked })} />
      {!query.freeOnly ? (
        <form className={styles.price} onSubmit={applyPrice} noValidate aria-label="Price range">
          <div className={styles.priceFields}>
            <TextField label={`Lowest price (${currency})`} inputMode="decimal" name="pmin" value={priceMin} onChange={(e) => setPriceMin(e.target.value)} />
            <TextField label={`Highest price (${currency})`} inputMode="decimal" name="pmax" value={priceMax} onChange={(e) => setPriceMax(e.target.value)} />
          </div>
          {priceError ? (
            <p className={styles.error} role="alert">
              {priceError}
            </p>
          ) : null}
          <Button type="submit" size="small" variant="secondary">
            Apply price
          </Button>
        </form>
      ) : null}
    </div>
  );
}
