import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Select } from '@stitchhouse/shared/ui/index.ts';
import { COMMON_FABRIC_WIDTHS, calculateYardage, listedSizes, listedWidths, offeredWidths, type YardageEntry } from '@stitchhouse/shared/catalog/yardage.ts';
import { cmToInches, formatDecimal } from '@stitchhouse/shared/catalog/units.ts';
import * as styles from './YardageCalculator.module.css';

export interface YardageCalculatorProps {
  yardage: YardageEntry[];
  /** Start on the visitor's recommended size when there is one. */
  initialSize: string | null;
}

function widthLabel(cm: number): string {
  const common = COMMON_FABRIC_WIDTHS.find((w) => w.cm === cm);
  return common ? common.label : `${formatDecimal(cm)} cm / ${Math.round(cmToInches(cm))} in`;
}

/** Fabric to buy for a size and the width of the fabric the maker has (metres and yards, rounded up). */
export function YardageCalculator({ yardage, initialSize }: YardageCalculatorProps) {
  const { i18n } = useLingui();
  const sizes = listedSizes(yardage);
  const listed = listedWidths(yardage);
  const [size, setSize] = useState(initialSize && sizes.includes(initialSize) ? initialSize : (sizes[0] ?? ''));
  const [chosenWidth, setWidth] = useState(listed[listed.length - 1] ?? COMMON_FABRIC_WIDTHS[0]!.cm);
  if (yardage.length === 0 || sizes.length === 0) return <p>{i18n._('catalog.common.yardage.none')}</p>;
  // Only widths with an amount for this size; a width the new size lacks falls back to the widest offered.
  const widths = offeredWidths(yardage, size);
  const width = widths.includes(chosenWidth) ? chosenWidth : (widths[widths.length - 1] ?? chosenWidth);
  const result = calculateYardage(yardage, size, width);

  return (
    <div className={styles.calculator} data-testid="yardage-calculator">
      <div className={styles.inputs}>
        <Select
          label={i18n._('catalog.common.size')}
          value={size}
          options={sizes.map((s) => ({ value: s, label: s }))}
          onChange={(e) => setSize(e.target.value)}
        />
        <Select
          label={i18n._('catalog.common.yardage.width')}
          value={String(width)}
          options={widths.map((w) => ({ value: String(w), label: widthLabel(w) }))}
          onChange={(e) => setWidth(Number(e.target.value))}
        />
      </div>
      <ul className={styles.results} aria-live="polite" data-testid="yardage-result">
        {result.fabrics.map((fabric) => (
          <li key={fabric.fabric}>
            {fabric.status === 'ok' ? (
              <>
                <strong>{i18n._('catalog.common.yardage.fabric', { fabric: fabric.fabric })}</strong> {fabric.label}
                {!fabric.exactWidth ? (
                  <span className={styles.note}> {i18n._('catalog.common.yardage.otherWidth', { width: widthLabel(fabric.listedWidthCm) })}</span>
                ) : null}
              </>
            ) : (
              <span className={styles.note}>{fabric.message}</span>
            )}
          </li>
        ))}
      </ul>
      <p className={styles.note}>{i18n._('catalog.common.yardage.rounding')}</p>
    </div>
  );
}
