import { href } from '@stitchhouse/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import { FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/formats.ts';
import { recommendedSize } from '@stitchhouse/shared/catalog/sizing.ts';
import type { PatternDetail } from '../../api/detail.ts';
import { categoryLabel, craftLabel, difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { languageList, languageName } from '../locale/languages.ts';
import { useVisitorMeasurements } from '../fit/visitor.ts';
import { Description } from '../description/Description.tsx';
import { PatternGallery } from '../gallery/PatternGallery.tsx';
import { LICENCE_TEXT } from './licence.ts';
import { PatternActions } from './PatternActions.tsx';
import { AskDesignerLink } from '../ask-designer/AskDesignerLink.tsx';
import { FavouriteButton } from '../favourites/FavouriteButton.tsx';
import { SizeChartTable } from '../sizes/SizeChart.tsx';
import { YardageCalculator } from '../sizes/YardageCalculator.tsx';
import { YarnFacts } from './YarnFacts.tsx';
import * as styles from '../layout/DetailPage.module.css';

const STATUS_NOTE: Record<string, string> = {
  draft: /*i18n*/ 'catalog.detail.status.draft',
  archived: /*i18n*/ 'catalog.detail.status.archived',
};

export function DetailView({ pattern }: { pattern: PatternDetail }) {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  // The designer's translation into the visitor's language, the original one click away.
  const [original, setOriginal] = useState(false);
  const translated = pattern.translatedTo !== null;
  const title = translated && original ? pattern.originalTitle : pattern.title;
  const description = translated && original ? pattern.originalDescription : pattern.description;
  const person = useVisitorMeasurements(params);
  const recommended = person ? (recommendedSize(pattern.sizeChart, person)?.label ?? null) : null;
  const licence = LICENCE_TEXT[pattern.licence];
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return (
    <article className={styles.page}>
      <div className={styles.top}>
        <PatternGallery title={title} coverPath={pattern.coverPath} galleryPaths={pattern.galleryPaths} patternId={pattern.id} />
        <div className={styles.summary}>
          <p className={styles.eyebrow}>{i18n._('catalog.detail.eyebrow', { craft: craftLabel(pattern.craft), category: categoryLabel(pattern.category) })}</p>
          <h1 className={styles.title} lang={translated && original ? pattern.languages[0] : undefined}>
            {title}
          </h1>
          <p className={styles.byline}>
            <Trans
              id="catalog.detail.byline"
              values={{ store: pattern.store.name }}
              components={{ 0: <Link to={href('/stores/:slug', { slug: pattern.store.slug })} /> }}
            />
          </p>
          {translated ? (
            <p className={styles.translation} data-testid="translation-note">
              {original ? null : <span>{i18n._('catalog.detail.translatedByDesigner')} </span>}
              <button type="button" className={styles.linkButton} aria-pressed={original} onClick={() => setOriginal(!original)} data-testid="show-original">
                {original ? i18n._('catalog.detail.showTranslation') : i18n._('catalog.detail.showOriginal')}
              </button>
            </p>
          ) : null}
          {pattern.status === 'published' ? <FavouriteButton patternId={pattern.id} title={title} /> : null}
          {STATUS_NOTE[pattern.status] ? <p className={styles.status}>{i18n._(STATUS_NOTE[pattern.status]!)}</p> : null}
          {pattern.languages.length > 0 ? (
            <p className={styles.instructionLanguages} data-testid="instruction-languages">
              <strong>{i18n._('catalog.detail.instructionsIn', { languages: languageList(pattern.languages, i18n.locale) })}</strong>
              {pattern.languages.includes(i18n.locale) ? null : (
                <span> {i18n._('catalog.detail.notInYourLanguage', { language: languageName(i18n.locale, i18n.locale) })}</span>
              )}
            </p>
          ) : null}
          <dl className={styles.facts}>
            <div>
              <dt>{i18n._('catalog.detail.difficulty')}</dt>
              <dd>{i18n._('catalog.detail.difficultyValue', { label: difficultyLabel(pattern.difficulty), level: pattern.difficulty })}</dd>
            </div>
            {pattern.sizeRange ? (
              <div>
                <dt>{i18n._('catalog.detail.sizes')}</dt>
                <dd>{pattern.sizeRange}</dd>
              </div>
            ) : null}
            <YarnFacts yarn={pattern.yarn} craft={pattern.craft} />
            {recommended ? (
              <div>
                <dt>{i18n._('catalog.common.yourSize')}</dt>
                <dd data-testid="detail-recommended-size">{recommended}</dd>
              </div>
            ) : null}
            <div>
              <dt>{i18n._('catalog.detail.languages')}</dt>
              <dd>{pattern.languages.map((code) => languageName(code, i18n.locale)).join(', ')}</dd>
            </div>
            <div>
              <dt>{i18n._('catalog.detail.licence')}</dt>
              <dd>{i18n._(licence.name)}</dd>
            </div>
          </dl>
          <PatternActions pattern={pattern} />
          <AskDesignerLink patternId={pattern.id} title={title} ownerId={pattern.store.ownerId} block />
        </div>
      </div>

      <section className={styles.section} aria-labelledby="about-heading">
        <h2 id="about-heading">{i18n._('catalog.detail.about')}</h2>
        <Description markdown={description} lang={translated && original ? pattern.languages[0] : undefined} />
      </section>

      <section className={styles.section} aria-labelledby="sizes-heading">
        <h2 id="sizes-heading">{i18n._('catalog.detail.sizes')}</h2>
        {recommended ? (
          <p>
            <Trans id="catalog.detail.recommended" values={{ size: recommended }} components={{ 0: <strong /> }} />
          </p>
        ) : pattern.sizeChart.sizes.length > 0 ? (
          <p>
            <Trans id="catalog.detail.enterMeasurements" components={{ 0: <Link to={href('/patterns')} /> }} />
          </p>
        ) : null}
        <SizeChartTable chart={pattern.sizeChart} recommended={recommended} />
      </section>

      <section className={styles.section} aria-labelledby="fabric-heading">
        <h2 id="fabric-heading">{i18n._('catalog.detail.fabricAndNotions')}</h2>
        <h3>{i18n._('catalog.detail.howMuchFabric')}</h3>
        <YardageCalculator yardage={pattern.yardage} initialSize={recommended} />
        <h3>{i18n._('catalog.detail.notions')}</h3>
        {pattern.notions.length > 0 ? (
          <ul>
            {pattern.notions.map((notion) => (
              <li key={notion}>{notion}</li>
            ))}
          </ul>
        ) : (
          <p>{i18n._('catalog.detail.noNotions')}</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="formats-heading">
        {/* What a buyer downloads: the files attached to the pattern (patterns.formats, kept by attach_pattern_file), never the description's prose. */}
        <h2 id="formats-heading">{i18n._('catalog.detail.whatYouGet')}</h2>
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
          <p>{i18n._('catalog.detail.noFiles')}</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="licence-heading">
        <h2 id="licence-heading">{i18n._('catalog.detail.licenceHeading', { name: i18n._(licence.name) })}</h2>
        <p>{i18n._(licence.text)}</p>
      </section>
    </article>
  );
}
