import { useState } from 'react';
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
  const sizes = listedSizes(yardage);
  const listed = listedWidths(yardage);
  const [size, setSize] = useState(initialSize && sizes.includes(initialSize) ? initialSize : (sizes[0] ?? ''));
  const [chosenWidth, setWidth] = useState(listed[listed.length - 1] ?? COMMON_FABRIC_WIDTHS[0]!.cm);
  if (yardage.length === 0 || sizes.length === 0) return <p>The designer has not listed fabric amounts for this pattern.</p>;
  // Only widths with an amount for this size; a width the new size lacks falls back to the widest offered.
  const widths = offeredWidths(yardage, size);
  const width = widths.includes(chosenWidth) ? chosenWidth : (widths[widths.length - 1] ?? chosenWidth);
  const result = calculateYardage(yardage, size, width);

  return (
    <div className={styles.calculator} data-testid="yardage-calculator">
      <div className={styles.inputs}>
        <Select label="Size" value={size} options={sizes.map((s) => ({ value: s, label: s }))} onChange={(e) => setSize(e.target.value)} />
        <Select
          label="Fabric width"
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
                <strong>{fabric.fabric}:</strong> {fabric.label}
                {!fabric.exactWidth ? (
                  <span className={styles.note}> (amount listed for {widthLabel(fabric.listedWidthCm)} fabric, a safe amount for yours)</span>
                ) : null}
              </>
            ) : (
              <span className={styles.note}>{fabric.message}</span>
            )}
          </li>
        ))}
      </ul>
      <p className={styles.note}>Amounts are rounded up to the next 0.1 m and ⅛ yd.</p>
    </div>
  );
}
