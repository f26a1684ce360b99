// The report's chart (recharts, loaded only when a report opens) and the same points as a table
// for screen readers and keyboard users; the chart itself is an image with a summary label.
import { useLingui } from '@lingui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDay, money } from './format.ts';
import * as styles from './reports.module.css';

export interface ChartProps {
  points: Array<{ x: string; value: number }>;
  /** The measure's name, in the page's language. */
  measure: string;
  xIsDay: boolean;
  /** The x column's name, in the page's language. */
  xLabel: string;
  /** What the bars are grouped by, for the title ("Net by day"): day, pattern, kit or kind. */
  axis: string;
  /** Money measures: the currency shown. */
  currency: string | null;
}

export default function ReportChart({ points, measure, xIsDay, xLabel, axis, currency }: ChartProps) {
  const { i18n } = useLingui();
  const label = (x: string) => (xIsDay ? formatDay(x) : x);
  const value = (v: number) => (currency ? money(v, currency) : formatCount(v));
  const title = currency
    ? i18n._('partners.report.chart.titleInCurrency', { measure, currency, axis })
    : i18n._('partners.report.chart.title', { measure, axis });
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      <div role="img" aria-label={i18n._('partners.report.chart.label', { title })} className={styles.chartArea}>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#d6d3d1" />
            <XAxis dataKey="x" tickFormatter={label} tick={{ fill: '#44403c', fontSize: 12 }} />
            <YAxis
              tickFormatter={(v: number) => (currency ? money(v, currency).replace(/[.,]00(?=\D*$)/, '') : formatCount(v))}
              tick={{ fill: '#44403c', fontSize: 12 }}
              width={80}
            />
            <Tooltip formatter={(v) => [value(Number(v)), measure]} labelFormatter={(x) => label(String(x))} />
            <Bar dataKey="value" name={measure} fill="#9a3412" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className={styles.chartData}>
        <summary>{i18n._('partners.report.chart.asTable')}</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              <th scope="col">{measure}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.x}>
                <th scope="row">{label(p.x)}</th>
                <td>{value(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
