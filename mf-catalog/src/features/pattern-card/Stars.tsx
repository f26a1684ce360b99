import { useLingui } from '@lingui/react';
import * as styles from './Stars.module.css';

/** Five stars, `value` of them filled (halves round to the nearer whole for display); the text says it for screen readers. */
export function Stars({ value, label }: { value: number; label?: string }) {
  const { i18n } = useLingui();
  const filled = Math.round(value);
  return (
    <span className={styles.stars} role="img" aria-label={label ?? i18n._('catalog.common.stars', { rating: Math.round(value * 10) / 10 })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? styles.on : styles.off}>
          ★
        </span>
      ))}
    </span>
  );
}

/** "★★★★☆ 4.3 (12 reviews)" for cards and the pattern page; nothing when there are no reviews. */
export function RatingLine({ average, count }: { average: number | null | undefined; count: number | undefined }) {
  const { i18n } = useLingui();
  if (!count || average === null || average === undefined) return null;
  // one decimal, with the decimal comma of every language but English
  const shown = i18n.locale === 'en' ? average.toFixed(1) : average.toFixed(1).replace('.', ',');
  return (
    <span className={styles.line} data-testid="rating-summary">
      <Stars value={average} label={i18n._('catalog.common.rated', { rating: shown })} />
      <span>{shown}</span>
      <span className={styles.count}>{i18n._('catalog.common.reviewCount', { count })}</span>
    </span>
  );
}
