import { cx } from './classNames.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import * as styles from './Spinner.module.css';

export interface SpinnerProps {
  /** What is happening, read by screen readers (and shown when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'small' | 'medium';
  className?: string;
}

/** An indeterminate wait. Static (no rotation) when reduced motion is requested. */
export function Spinner({ label = 'Loading…', showLabel = false, size = 'medium', className }: SpinnerProps) {
  return (
    <span role="status" className={cx(styles.spinner, size === 'small' && styles.small, className)}>
      <span className={styles.wheel} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}
