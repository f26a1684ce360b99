import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { BODY_MEASUREMENTS, formatMeasurement, type SizeChart as Chart } from '@stitchhouse/shared/catalog/sizing.ts';
import type { LengthUnit } from '@stitchhouse/shared/catalog/units.ts';
import { VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { MEASUREMENT_NAMES } from './measurementNames.ts';
import * as styles from './SizeChart.module.css';

export interface SizeChartProps {
  chart: Chart;
  /** The visitor's recommended size label, highlighted in the table. */
  recommended: string | null;
}

/** Body and finished garment measurements per size, in cm or inches. */
export function SizeChartTable({ chart, recommended }: SizeChartProps) {
  const { i18n } = useLingui();
  const [unit, setUnit] = useState<LengthUnit>('cm');
  const captionId = useId();
  const body = BODY_MEASUREMENTS.filter((m) => chart.sizes.some((s) => s[m] !== undefined));
  const finished = BODY_MEASUREMENTS.filter((m) => chart.sizes.some((s) => s.finished?.[m] !== undefined));
  if (chart.sizes.length === 0) return <p>{i18n._('catalog.common.sizeChart.noSizes')}</p>;
  const cell = (value: number | undefined) => (value === undefined ? '—' : formatMeasurement(value, unit));

  return (
    <div className={styles.wrap}>
      <div className={styles.units} role="group" aria-label={i18n._('catalog.common.sizeChart.units')}>
        {(['cm', 'in'] as const).map((u) => (
          <button key={u} type="button" aria-pressed={unit === u} className={styles.unit} onClick={() => setUnit(u)}>
            {u === 'cm' ? 'cm' : i18n._('catalog.common.sizeChart.inches')}
          </button>
        ))}
      </div>
      <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className={styles.table} data-testid="size-chart">
          <caption id={captionId}>{finished.length ? i18n._('catalog.common.sizeChart.captionFinished') : i18n._('catalog.common.sizeChart.caption')}</caption>
          <thead>
            {finished.length ? (
              <tr>
                <td />
                {body.length ? (
                  <th scope="colgroup" colSpan={body.length}>
                    {i18n._('catalog.common.sizeChart.body')}
                  </th>
                ) : null}
                <th scope="colgroup" colSpan={finished.length}>
                  {i18n._('catalog.common.sizeChart.finished')}
                </th>
              </tr>
            ) : null}
            <tr>
              <th scope="col">{i18n._('catalog.common.size')}</th>
              {body.map((m) => (
                <th key={m} scope="col">
                  {i18n._(MEASUREMENT_NAMES[m])}
                </th>
              ))}
              {finished.map((m) => (
                <th key={`f-${m}`} scope="col">
                  {i18n._(MEASUREMENT_NAMES[m])}
                  <VisuallyHidden> {i18n._('catalog.common.sizeChart.finishedShort')}</VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.sizes.map((size) => (
              <tr
                key={size.label}
                className={size.label === recommended ? styles.recommended : undefined}
                aria-current={size.label === recommended ? 'true' : undefined}
              >
                <th scope="row">
                  {size.label}
                  {size.label === recommended ? <span className={styles.badge}> {i18n._('catalog.common.sizeChart.yourSize')}</span> : null}
                </th>
                {body.map((m) => (
                  <td key={m}>{cell(size[m])}</td>
                ))}
                {finished.map((m) => (
                  <td key={`f-${m}`}>{cell(size.finished?.[m])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
