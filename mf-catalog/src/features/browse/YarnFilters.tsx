import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from '@stitchhouse/shared/ui/index.ts';
import { useBuyerCurrency } from '@stitchhouse/shared/currency/index.ts';
import { NEEDLE_SIZES, YARN_STEPS_M, YARN_WEIGHTS, metresToYards, needleLabel, needleName, yarnWeightLabel } from '@stitchhouse/shared/catalog/yarn.ts';
import { facetCounts, patternKeys } from '../../api/catalog.ts';
import { serializeCatalogQuery, toSearchArgs, withChanges, type CatalogQuery } from '../shared/urlState.ts';
import * as styles from './YarnFilters.module.css';

export interface YarnFiltersProps {
  query: CatalogQuery;
  onChange(next: CatalogQuery): void;
}

const withCount = (label: string, count: number | undefined) => `${label} (${count ?? 0})`;

/**
 * Knitting and crochet: yarn weight, needle or hook size, gauge and "I have this much yarn",
 * each value with how many patterns it would show under the other filters. Loaded only when
 * the craft is knitting or crochet, so the catalog's first screen does not carry it.
 */
export function YarnFilters({ query, onChange }: YarnFiltersProps) {
  const currency = useBuyerCurrency();
  const set = (changes: Partial<CatalogQuery>) => onChange(withChanges(query, changes));
  // the last counts stay while the next ones load
  const counts = useQuery({
    queryKey: patternKeys.facets(serializeCatalogQuery({ ...query, sort: null, page: 1 }), currency),
    queryFn: ({ signal }) => facetCounts(toSearchArgs(query), YARN_STEPS_M, signal),
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
      <legend className={styles.legend}>Yarn and needles</legend>
      <Select
        label="Yarn weight"
        placeholder="Any yarn weight"
        value={query.yarnWeight === null ? '' : String(query.yarnWeight)}
        options={weights.map((w) => ({ value: String(w), label: withCount(yarnWeightLabel(w), c?.yarnWeight.get(w)) }))}
        onChange={(e) => set({ yarnWeight: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <Select
        label={needleName(query.craft)}
        placeholder={`Any ${needleName(query.craft).toLowerCase()}`}
        value={query.needleMm === null ? '' : String(query.needleMm)}
        options={needles.map((mm) => ({ value: String(mm), label: withCount(needleLabel(mm, query.craft), c?.needleMm.get(mm)) }))}
        onChange={(e) => set({ needleMm: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <Select
        label="Gauge (stitches per 10 cm / 4 in)"
        placeholder="Any gauge"
        value={query.gauge === null ? '' : String(query.gauge)}
        options={gauges.map((g) => ({ value: String(g), label: withCount(`${g} sts`, c?.gaugeStitches.get(g)) }))}
        onChange={(e) => set({ gauge: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <Select
        label="Yarn you have"
        placeholder="Any amount"
        value={query.yarnM === null ? '' : String(query.yarnM)}
        options={[...new Set([...YARN_STEPS_M, ...(query.yarnM === null ? [] : [query.yarnM])])]
          .sort((a, b) => a - b)
          .map((m) => ({
            value: String(m),
            label: withCount(`Up to ${m.toLocaleString('en')} m (${metresToYards(m).toLocaleString('en')} yd)`, c?.yarnMaxM.get(m)),
          }))}
        onChange={(e) => set({ yarnM: e.target.value === '' ? null : Number(e.target.value) })}
      />
    </fieldset>
  );
}
