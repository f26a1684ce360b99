import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Button, Checkbox, Select, Skeleton, TextField } from '@stitchhouse/shared/ui/index.ts';
import { useBuyerCurrency } from '@stitchhouse/shared/currency/index.ts';
import { FORMATS, PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';
import { CRAFTS, DIFFICULTY_LEVELS, categoryLabel, craftLabel, difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { hasYarnFacets } from '@stitchhouse/shared/catalog/yarn.ts';
import { priceInputToCents } from './priceInput.ts';
import { withChanges, type CatalogQuery } from '../shared/urlState.ts';
import { languageOptions } from '../locale/languages.ts';
import * as styles from './CatalogFilters.module.css';

// Knitting and crochet facets load when the craft is knitting or crochet (not on the catalog's first screen).
const YarnFilters = lazy(() => import('./YarnFilters.tsx').then((module) => ({ default: module.YarnFilters })));

export interface CatalogFiltersProps {
  query: CatalogQuery;
  categories: readonly string[];
  onChange(next: CatalogQuery): void;
}

/** A price as the box shows it: "12.50" in English, "12,50" where the comma is the decimal mark (every other language we speak). */
const priceText = (cents: number | null, locale: string) =>
  cents === null ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', locale === 'en' ? '.' : ',');

/** "Up to easy" … "Up to expert" (a select per level: each language words the range its own way). */
const UP_TO = ['easy', 'intermediate', 'advanced', 'expert'] as const;

/** Selects apply at once (each a history entry); the price range applies with its button. */
export function CatalogFilters({ query, categories, onChange }: CatalogFiltersProps) {
  const { i18n } = useLingui();
  const currency = useBuyerCurrency();
  const set = (changes: Partial<CatalogQuery>) => onChange(withChanges(query, changes));
  const [priceMin, setPriceMin] = useState(priceText(query.priceMinCents, i18n.locale));
  const [priceMax, setPriceMax] = useState(priceText(query.priceMaxCents, i18n.locale));
  const [priceError, setPriceError] = useState<string | null>(null);
  useEffect(() => {
    setPriceMin(priceText(query.priceMinCents, i18n.locale));
    setPriceMax(priceText(query.priceMaxCents, i18n.locale));
  }, [query.priceMinCents, query.priceMaxCents, i18n.locale]);

  function applyPrice(event: FormEvent) {
    event.preventDefault();
    const min = priceInputToCents(priceMin);
    const max = priceInputToCents(priceMax);
    if (Number.isNaN(min) || Number.isNaN(max)) {
      setPriceError(i18n._('catalog.browse.price.invalid'));
      return;
    }
    if (min !== null && max !== null && min > max) {
      setPriceError(i18n._('catalog.browse.price.order'));
      return;
    }
    setPriceError(null);
    set({ priceMinCents: min, priceMaxCents: max });
  }

  const categoryOptions = [...new Set([...categories, ...(query.category ? [query.category] : [])])].map((c) => ({ value: c, label: categoryLabel(c) }));

  return (
    <div className={styles.filters}>
      <Select
        label={i18n._('catalog.browse.filter.craft')}
        placeholder={i18n._('catalog.browse.filter.anyCraft')}
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
        label={i18n._('catalog.browse.filter.category')}
        placeholder={i18n._('catalog.browse.filter.anyCategory')}
        value={query.category ?? ''}
        options={categoryOptions}
        onChange={(e) => set({ category: e.target.value || null })}
      />
      <Select
        label={i18n._('catalog.browse.filter.difficulty')}
        placeholder={i18n._('catalog.browse.filter.anyDifficulty')}
        value={query.difficultyMax === null ? '' : String(query.difficultyMax)}
        options={DIFFICULTY_LEVELS.map((level) => ({
          value: String(level),
          label: level === 1 ? difficultyLabel(level) : i18n._('catalog.browse.filter.upToDifficulty', { level: UP_TO[level - 2] }),
        }))}
        onChange={(e) => set({ difficultyMax: e.target.value ? Number(e.target.value) : null, difficultyMin: null })}
      />
      <Select
        label={i18n._('catalog.browse.filter.format')}
        placeholder={i18n._('catalog.browse.filter.anyFormat')}
        value={query.format ?? ''}
        options={PATTERN_FORMATS.map((f) => ({ value: f, label: FORMATS[f].label }))}
        onChange={(e) => set({ format: e.target.value || null })}
      />
      <Select
        label={i18n._('catalog.browse.filter.language')}
        placeholder={i18n._('catalog.browse.filter.anyLanguage')}
        value={query.language ?? ''}
        options={languageOptions(i18n.locale)}
        onChange={(e) => set({ language: e.target.value || null })}
      />
      <Checkbox label={i18n._('catalog.browse.filter.freeOnly')} checked={query.freeOnly} onChange={(e) => set({ freeOnly: e.target.checked })} />
      {!query.freeOnly ? (
        <form className={styles.price} onSubmit={applyPrice} noValidate aria-label={i18n._('catalog.browse.price.range')}>
          <div className={styles.priceFields}>
            <TextField
              label={i18n._('catalog.browse.price.lowest', { currency })}
              inputMode="decimal"
              name="pmin"
              value={priceMin}
              onChange={(e) => setPriceMin(e.target.value)}
            />
            <TextField
              label={i18n._('catalog.browse.price.highest', { currency })}
              inputMode="decimal"
              name="pmax"
              value={priceMax}
              onChange={(e) => setPriceMax(e.target.value)}
            />
          </div>
          {priceError ? (
            <p className={styles.error} role="alert">
              {priceError}
            </p>
          ) : null}
          <Button type="submit" size="small" variant="secondary">
            {i18n._('catalog.browse.price.apply')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
