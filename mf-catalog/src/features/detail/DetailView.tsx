import { href } from '@stitchhouse/shared';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import { FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/formats.ts';
import { recommendedSize } from '@stitchhouse/shared/catalog/sizing.ts';
import type { PatternDetail } from '../../api/detail.ts';
import { difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { languageName } from '../shared/languages.ts';
import { useVisitorMeasurements } from '../shared/fit/visitor.ts';
import { Description } from '../shared/Description.tsx';
import { PatternGallery } from '../shared/gallery/PatternGallery.tsx';
import { LICENCE_TEXT } from './licence.ts';
import { PatternActions } from './PatternActions.tsx';
import { AskDesignerLink } from '../shared/AskDesignerLink.tsx';
import { FavouriteButton } from '../shared/FavouriteButton.tsx';
import { SizeChartTable } from '../shared/SizeChart.tsx';
import { YardageCalculator } from '../shared/YardageCalculator.tsx';
import { YarnFacts } from './YarnFacts.tsx';
import * as styles from '../shared/DetailPage.module.css';

const STATUS_NOTE: Record<string, string> = {
  draft: 'Draft: only your store can see this page until you publish it.',
  archived: 'Archived: no longer sold. Owners keep it in their library.',
};

export function DetailView({ pattern }: { pattern: PatternDetail }) {
  const [params] = useSearchParams();
  const person = useVisitorMeasurements(params);
  const recommended = person ? (recommendedSize(pattern.sizeChart, person)?.label ?? null) : null;
  const licence = LICENCE_TEXT[pattern.licence];
  useEffect(() => {
    document.title = pageTitle(pattern.title);
  }, [pattern.title]);

  return (
    <article className={styles.page}>
      <div className={styles.top}>
        <PatternGallery title={pattern.title} coverPath={pattern.coverPath} galleryPaths={pattern.galleryPaths} patternId={pattern.id} />
        <div className={styles.summary}>
          <p className={styles.eyebrow}>
            {pattern.craft} · {pattern.category.replace(/-/g, ' ')}
          </p>
          <h1 className={styles.title}>{pattern.title}</h1>
          <p className={styles.byline}>
            by <Link to={href('/stores/:slug', { slug: pattern.store.slug })}>{pattern.store.name}</Link>
          </p>
          {pattern.status === 'published' ? <FavouriteButton patternId={pattern.id} title={pattern.title} /> : null}
          {STATUS_NOTE[pattern.status] ? <p className={styles.status}>{STATUS_NOTE[pattern.status]}</p> : null}
          <dl className={styles.facts}>
            <div>
              <dt>Difficulty</dt>
              <dd>
                {difficultyLabel(pattern.difficulty)} ({pattern.difficulty} of 5)
              </dd>
            </div>
            {pattern.sizeRange ? (
              <div>
                <dt>Sizes</dt>
                <dd>{pattern.sizeRange}</dd>
              </div>
            ) : null}
            <YarnFacts yarn={pattern.yarn} craft={pattern.craft} />
            {recommended ? (
              <div>
                <dt>Your size</dt>
                <dd data-testid="detail-recommended-size">{recommended}</dd>
              </div>
            ) : null}
            <div>
              <dt>Languages</dt>
              <dd>{pattern.languages.map(languageName).join(', ')}</dd>
            </div>
            <div>
              <dt>Licence</dt>
              <dd>{licence.name}</dd>
            </div>
          </dl>
          <PatternActions pattern={pattern} />
          <AskDesignerLink patternId={pattern.id} title={pattern.title} ownerId={pattern.store.ownerId} block />
        </div>
      </div>

      <section className={styles.section} aria-labelledby="about-heading">
        <h2 id="about-heading">About this pattern</h2>
        <Description markdown={pattern.description} />
      </section>

      <section className={styles.section} aria-labelledby="sizes-heading">
        <h2 id="sizes-heading">Sizes</h2>
        {recommended ? (
          <p>
            Based on your measurements we recommend size <strong>{recommended}</strong>. Check the finished measurements for the ease you like.
          </p>
        ) : pattern.sizeChart.sizes.length > 0 ? (
          <p>
            Enter your measurements under <Link to={href('/patterns')}>Fits me</Link> in the catalog to see your size here.
          </p>
        ) : null}
        <SizeChartTable chart={pattern.sizeChart} recommended={recommended} />
      </section>

      <section className={styles.section} aria-labelledby="fabric-heading">
        <h2 id="fabric-heading">Fabric and notions</h2>
        <h3>How much fabric to buy</h3>
        <YardageCalculator yardage={pattern.yardage} initialSize={recommended} />
        <h3>Notions</h3>
        {pattern.notions.length > 0 ? (
          <ul>
            {pattern.notions.map((notion) => (
              <li key={notion}>{notion}</li>
            ))}
          </ul>
        ) : (
          <p>No notions listed.</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="formats-heading">
        {/* What a buyer downloads: the files attached to the pattern (patterns.formats, kept by attach_pattern_file), never the description's prose. */}
        <h2 id="formats-heading">What you get</h2>
        {pattern.formats.length > 0 ? (
          <dl className={styles.formats}>
            {pattern.formats
              .filter((f): f is PatternFormat => f in FORMATS)
              .map((format) => (
                <div key={format}>
                  <dt>{FORMATS[format].label}</dt>
                  <dd>{FORMATS[format].description}</dd>
                </div>
              ))}
          </dl>
        ) : (
          <p>The designer has not uploaded the files yet.</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="licence-heading">
        <h2 id="licence-heading">Licence: {licence.name}</h2>
        <p>{licence.text}</p>
      </section>
    </article>
  );
}
