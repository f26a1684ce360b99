import * as styles from './Stars.module.css';

/** Five stars, `value` of them filled (halves round to the nearer whole for display); the text says it for screen readers. */
export function Stars({ value, label }: { value: number; label?: string }) {
  const filled = Math.round(value);
  return (
    <span className={styles.stars} role="img" aria-label={label ?? `${value.toFixed(1).replace(/\.0$/, '')} out of 5 stars`}>
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
  if (!count || average === null || average === undefined) return null;
  const shown = average.toFixed(1);
  return (
    <span className={styles.line} data-testid="rating-summary">
      <Stars value={average} label={`Rated ${shown} out of 5`} />
      <span>{shown}</span>
      <span className={styles.count}>
        ({count} review{count === 1 ? '' : 's'})
      </span>
    </span>
  );
}
