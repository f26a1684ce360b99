import { useLingui } from '@lingui/react';
import { FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import type { EditablePattern } from '../../api/publish.ts';
import { Description } from '../description/Description.tsx';
import { PatternGallery } from '../gallery/PatternGallery.tsx';
import { SizeChartTable } from '../sizes/SizeChart.tsx';
import { YardageCalculator } from '../sizes/YardageCalculator.tsx';
import { categoryLabel, craftLabel, difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';

/** The pattern as buyers will see it on its page (the detail view's own parts), saved state. */
export function PatternPreview({ pattern }: { pattern: EditablePattern }) {
  const { i18n } = useLingui();
  const facts = [
    formatPrice(pattern.priceCents, pattern.currency),
    craftLabel(pattern.craft),
    categoryLabel(pattern.category),
    difficultyLabel(pattern.difficulty),
  ];
  if (pattern.sizeRange) facts.push(i18n._('catalog.publish.preview.sizes', { sizes: pattern.sizeRange }));
  facts.push(i18n._('catalog.publish.preview.by', { store: pattern.store.name }));
  return (
    <section aria-labelledby="preview-title" data-testid="pattern-preview">
      <h2 id="preview-title">{i18n._('catalog.publish.preview.heading', { title: pattern.title })}</h2>
      <p>{facts.join(' · ')}</p>
      <PatternGallery title={pattern.title} coverPath={pattern.coverPath} galleryPaths={pattern.galleryPaths} />
      <h3>{i18n._('catalog.publish.preview.description')}</h3>
      <Description markdown={pattern.description} />
      <h3>{i18n._('catalog.publish.preview.sizeChart')}</h3>
      <SizeChartTable chart={pattern.sizeChart} recommended={null} />
      <h3>{i18n._('catalog.publish.preview.fabric')}</h3>
      <YardageCalculator yardage={pattern.yardage} initialSize={null} />
      <h3>{i18n._('catalog.publish.preview.formats')}</h3>
      <ul>
        {pattern.files.map((f) => (
          <li key={f.format}>{FORMATS[f.format as PatternFormat].label}</li>
        ))}
      </ul>
    </section>
  );
}
