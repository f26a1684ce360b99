import { cx } from './classNames.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import { useI18n } from './useI18n.ts';
import * as styles from './Spinner.module.css';

export interface SpinnerProps {
  /** What is happening, read by screen readers (and shown when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'small' | 'medium';
  className?: string;
}

/** An indeterminate wait. Static (no rotation) when reduced motion is requested. */
export function Spinner({ label: given, showLabel = false, size = 'medium', className }: SpinnerProps) {
  const i18n = useI18n();
  const label = given ?? i18n._('shared.ui.loading');
  return (
    <span role="status" className={cx(styles.spinner, size === 'small' && styles.small, className)}>
      <span className={styles.wheel} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}
