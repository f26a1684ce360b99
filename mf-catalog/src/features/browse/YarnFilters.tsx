import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { Select } from '@stitchhouse/shared/ui/index.ts';
import { useBuyerCurrency } from '@stitchhouse/shared/currency/index.ts';
import { NEEDLE_SIZES, YARN_STEPS_M, YARN_WEIGHTS, metresToYards, needleLabel, yarnWeightLabel } from '@stitchhouse/shared/catalog/yarn.ts';
import { needleTool } from '../shared/needleTool.ts';
import { facetCounts, patternKeys } from '../../api/catalog.ts';
import { serializeCatalogQuery, toSearchArgs, withChanges, type CatalogQuery } from '../shared/urlState.ts';
import * as styles from './YarnFilters.module.css';

export interface YarnFiltersProps {
  query: CatalogQuery;
  onChange(next: CatalogQuery): void;
}

const withCount = (i18n: I18n, label: string, count: number | undefined) => i18n._('catalog.browse.yarn.withCount', { label, count: count ?? 0 });

/**
 * Knitting and crochet: yarn weight, needle or hook size, gauge and "I have this much yarn",
 * each value with how many patterns it would show under the other filters. Loaded only when
 * the craft is knitting or crochet, so the catalog's first screen does not carry it.
 */
export function YarnFilters({ query, onChange }: YarnFiltersProps) {
  const { i18n } = useLingui();
  const currency = useBuyerCurrency();
  const set = (changes: Partial<CatalogQuery>) => onChange(withChanges(query, changes));
  // the last counts stay while the next ones load
  const counts = useQuery({
    queryKey: patternKeys.facets(serializeCatalogQuery({ ...query, sort: null, page: 1 }), currency, i18n.locale),
    queryFn: ({ signal }) => facetCounts(toSearchArgs(query), YARN_STEPS_M, signal, i18n.locale),
    placeholderData: keepPreviousData,
  });
  const c = counts.data;
  // values with matches, and the chosen one even when it has none (so the select can show it)
  const shown = <T extends number>(values: readonly T[], map: Map<number, number> | undefined, chosen: number | null) =>
    values.filter((value) => (map?.get(value) ?? 0) > 0 || value === chosen);

  const weights = shown(
    YARN_WEIGHTS.map((w) => w.weight),
    c?.yarnWeight,
    query.yarnWeight,
  );
  const needles = shown(
    NEEDLE_SIZES.map((n) => n.mm),
    c?.needleMm,
    query.needleMm,
  );
  const gauges = shown(
    [...new Set([...(c?.gaugeStitches.keys() ?? []), ...(query.gauge === null ? [] : [query.gauge])])].sort((a, b) => a - b),
    c?.gaugeStitches,
    query.gauge,
  );

  return (
    <fieldset data-testid="yarn-filters" className={styles.group}>
      <legend className={styles.legend}>{i18n._('catalog.browse.yarn.legend')}</legend>
      <Select
        label={i18n._('catalog.browse.yarn.weight')}
        placeholder={i18n._('catalog.browse.yarn.anyWeight')}
        value={query.yarnWeight === null ? '' : String(query.yarnWeight)}
        options={weights.map((w) => ({ value: String(w), label: withCount(i18n, yarnWeightLabel(w), c?.yarnWeight.get(w)) }))}
        onChange={(e) => set({ yarnWeight: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <Select
        label={i18n._('catalog.common.needleSize', { tool: needleTool(query.craft) })}
        placeholder={i18n._('catalog.browse.yarn.anyNeedle', { tool: needleTool(query.craft) })}
        value={query.needleMm === null ? '' : String(query.needleMm)}
        options={needles.map((mm) => ({ value: String(mm), label: withCount(i18n, needleLabel(mm, query.craft), c?.needleMm.get(mm)) }))}
        onChange={(e) => set({ needleMm: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <Select
        label={i18n._('catalog.browse.yarn.gauge')}
        placeholder={i18n._('catalog.browse.yarn.anyGauge')}
        value={query.gauge === null ? '' : String(query.gauge)}
        options={gauges.map((g) => ({
          value: String(g),
          label: withCount(i18n, i18n._('catalog.browse.yarn.stitches', { count: g }), c?.gaugeStitches.get(g)),
        }))}
        onChange={(e) => set({ gauge: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <Select
        label={i18n._('catalog.browse.yarn.have')}
        placeholder={i18n._('catalog.browse.yarn.anyAmount')}
        value={query.yarnM === null ? '' : String(query.yarnM)}
        options={[...new Set([...YARN_STEPS_M, ...(query.yarnM === null ? [] : [query.yarnM])])]
          .sort((a, b) => a - b)
          .map((m) => ({
            value: String(m),
            label: withCount(i18n, i18n._('catalog.browse.yarn.upTo', { metres: m, yards: metresToYards(m) }), c?.yarnMaxM.get(m)),
          }))}
        onChange={(e) => set({ yarnM: e.target.value === '' ? null : Number(e.target.value) })}
      />
    </fieldset>
  );
}
