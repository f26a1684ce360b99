import { useLingui } from '@lingui/react';
import { delta, totalOf, type ReportRow, type Total } from './definitions.ts';
import { formatCount, formatPercent, money } from './format.ts';
import * as styles from './reports.module.css';

export interface ComparisonProps {
  totals: Total[];
  rows: ReportRow[];
  /** null while the previous period is still loading or could not be read. */
  previous: ReportRow[] | null;
  previousLabel: string;
  /** The currency a money total with no rows is shown in (the caller's store's), so it reads "€0.00", not "0". */
  fallbackCurrency: string | null;
}

/** Each total of the period, per currency for money, with the change since the previous period. */
export function Comparison({ totals, rows, previous, previousLabel, fallbackCurrency }: ComparisonProps) {
  const { i18n } = useLingui();
  const shown = totals.filter((t) => !t.when || rows.some(t.when) || (previous ?? []).some(t.when));
  const cards = (shown.length ? shown : totals.filter((t) => !t.when)).flatMap((total) => {
    const now = totalOf(total, rows);
    const before = previous ? totalOf(total, previous) : {};
    const keys = [...new Set([...Object.keys(now), ...Object.keys(before)])].sort();
    const none = total.kind === 'money' ? (fallbackCurrency ?? '') : '';
    return (keys.length ? keys : [none]).map((currency) => ({ total, currency, value: now[currency] ?? 0, before: previous ? (before[currency] ?? 0) : null }));
  });
  const show = (v: number, currency: string) => (currency ? money(v, currency) : formatCount(v));
  return (
    <dl className={styles.totals} aria-label={i18n._('partners.report.totals.label', { period: previousLabel })}>
      {cards.map(({ total, currency, value, before }) => {
        const change = before === null ? null : delta(value, before);
        const word = change === null ? '' : change.difference > 0 ? 'up' : change.difference < 0 ? 'down' : 'unchanged';
        const label = i18n._(total.label);
        return (
          <div key={`${total.label}-${currency}`} className={styles.total}>
            <dt>{currency ? i18n._('partners.report.totals.inCurrency', { label, currency }) : label}</dt>
            <dd className={styles.totalValue}>{show(value, currency)}</dd>
            <dd className={styles.delta} data-trend={word}>
              {change === null
                ? i18n._('partners.report.totals.previousLoading')
                : word === 'unchanged'
                  ? i18n._('partners.report.totals.unchanged', { before: show(before!, currency) })
                  : change.percent === null
                    ? i18n._('partners.report.totals.change', {
                        trend: word,
                        difference: show(Math.abs(change.difference), currency),
                        before: show(before!, currency),
                      })
                    : i18n._('partners.report.totals.changePercent', {
                        trend: word,
                        difference: show(Math.abs(change.difference), currency),
                        percent: formatPercent(Math.abs(change.percent)),
                        before: show(before!, currency),
                      })}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
