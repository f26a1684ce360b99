import { recommendedSize, type SizeChart } from '@stitchhouse/shared/catalog/sizing.ts';
import { pagesNeeded, sizeLayersOf, type LayerMatch, type ManifestPage } from '@stitchhouse/shared/catalog/tiling.ts';
import { useLingui } from '@lingui/react';
import { Checkbox } from '@stitchhouse/shared/ui/index.ts';
import { rememberedMeasurements } from '../fit/rememberedMeasurements.ts';
import * as styles from './FileDownloads.module.css';

/** The sizes ticked at first: "your size" from the measurements this device remembers (fits me), else none (every size). */
export function initialSizes(chart: SizeChart): string[] {
  const person = rememberedMeasurements();
  const size = person ? recommendedSize(chart, person) : null;
  return size ? [size.label] : [];
}

/** What a file gives for the chosen sizes: for home tiles, the pages printed instead of all of them. */
export function pagesFor(
  file: { layers: LayerMatch[]; tiles: ManifestPage[] | null; pages: number | null },
  sizes: readonly string[],
): { kept: number; of: number } | null {
  if (!file.tiles || sizes.length === 0 || !file.layers.some((l) => l.size !== null)) return null;
  return { kept: pagesNeeded(file.tiles, sizeLayersOf(file.layers, sizes)).length, of: file.tiles.length };
}

/** "Print only my sizes": one checkbox a size, none ticked for every size. */
export function SizeChoice({ sizes, chosen, onChange }: { sizes: string[]; chosen: string[]; onChange(next: string[]): void }) {
  const { i18n } = useLingui();
  const toggle = (label: string, on: boolean) => onChange(sizes.filter((s) => (s === label ? on : chosen.includes(s))));
  return (
    <fieldset className={styles.sizes} data-testid="size-choice">
      <legend>{i18n._('catalog.download.sizes.legend')}</legend>
      <p className={styles.meta}>{i18n._('catalog.download.sizes.hint')}</p>
      <div className={styles.sizeList}>
        {sizes.map((label) => (
          <Checkbox
            key={label}
            label={i18n._('catalog.download.sizes.size', { size: label })}
            checked={chosen.includes(label)}
            onChange={(e) => toggle(label, e.currentTarget.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
