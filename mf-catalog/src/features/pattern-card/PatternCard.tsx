import { href } from '@stitchhouse/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { Card } from '@stitchhouse/shared/ui/index.ts';
import { FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/formats.ts';
import { Price } from '@stitchhouse/shared/currency/index.ts';
import { craftLabel, difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { needleLabel, yarnWeightShort } from '@stitchhouse/shared/catalog/yarn.ts';
import { coverImage, coverLoading } from '@stitchhouse/shared/storage/coverImage.ts';
import { highlightParts } from './highlight.ts';
import * as styles from './PatternCard.module.css';
import { FavouriteButton } from '../favourites/FavouriteButton.tsx';
import { RatingLine } from './Stars.tsx';
import type { PatternCardData } from '../../api/catalog.ts';

export type { PatternCardData };

export interface PatternCardProps {
  pattern: PatternCardData;
  /** Shown under the title when the visitor gave body measurements ("fits me"). */
  recommendedSize?: string | null;
  /** Extra line or actions under the card body (status, download link…). */
  footer?: ReactNode;
  headingLevel?: 2 | 3;
  /** Search words to mark in the title. */
  highlight?: string;
  /** No heart (the designer's own list, previews). */
  hideFavourite?: boolean;
  /** Place in the grid: the first row's covers load at once (the first is the page's largest paint). */
  index?: number;
  /** The cover's box is shown empty until the grid's first cover has arrived (PatternGrid). */
  coverWaits?: boolean;
  /** Called when the cover has loaded or failed (the grid's first card). */
  onCoverSettled?: () => void;
}

function formatShort(format: string): string {
  return format in FORMATS ? FORMATS[format as PatternFormat].shortLabel : format;
}

/** A pattern in a grid: cover, title (the link covering the card), store, price, difficulty, formats. */
export function PatternCard({
  pattern,
  recommendedSize,
  footer,
  headingLevel = 2,
  highlight = '',
  hideFavourite = false,
  index,
  coverWaits = false,
  onCoverSettled,
}: PatternCardProps) {
  const { i18n } = useLingui();
  const Heading = `h${headingLevel}` as const;
  return (
    <Card as="article" padded={false} interactive className={styles.card} data-testid="pattern-card">
      {hideFavourite ? null : <FavouriteButton patternId={pattern.id} title={pattern.title} compact />}
      <div className={styles.cover} data-testid="pattern-cover">
        {pattern.coverPath ? (
          coverWaits ? null : (
            <img
              {...coverImage(pattern.coverPath, 'card')}
              {...coverLoading(index)}
              alt=""
              decoding="async"
              onLoad={
                onCoverSettled &&
                ((event) =>
                  void event.currentTarget
                    .decode()
                    .catch(() => undefined)
                    .finally(onCoverSettled))
              }
              onError={onCoverSettled}
            />
          )
        ) : (
          <span className={styles.noCover} aria-hidden="true">
            {pattern.craft ? craftLabel(pattern.craft) : i18n._('catalog.common.pattern')}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={href('/patterns/:productId', { productId: pattern.id })} className={styles.titleLink}>
            {highlightParts(pattern.title, highlight).map((part, i) =>
              part.match ? (
                <mark key={i} className={styles.mark}>
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </Link>
        </Heading>
        <p className={styles.store}>
          <Trans
            id="catalog.detail.byline"
            values={{ store: pattern.storeName }}
            components={{ 0: <Link to={href('/stores/:slug', { slug: pattern.storeSlug })} className={styles.storeLink} /> }}
          />
        </p>
        <p className={styles.price}>
          <Price amount={pattern.priceCents} currency={pattern.currency} />
        </p>
        {pattern.reviewCount ? (
          <p className={styles.meta}>
            <RatingLine average={pattern.ratingAvg} count={pattern.reviewCount} />
          </p>
        ) : null}
        <p className={styles.meta}>
          <span>{difficultyLabel(pattern.difficulty)}</span>
          {pattern.formats.length > 0 ? <span> · {pattern.formats.map(formatShort).join(', ')}</span> : null}
        </p>
        {pattern.yarnWeight != null || pattern.needleMm != null ? (
          <p className={styles.meta} data-testid="card-yarn">
            {[
              pattern.yarnWeight != null ? i18n._('catalog.common.cardYarn', { weight: yarnWeightShort(pattern.yarnWeight) }) : '',
              needleLabel(pattern.needleMm, pattern.craft),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        {recommendedSize ? (
          <p className={styles.fit} data-testid="recommended-size">
            <Trans id="catalog.common.cardYourSize" values={{ size: recommendedSize }} components={{ 0: <strong /> }} />
          </p>
        ) : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </Card>
  );
}
