import { useId, type ReactNode } from 'react';
import { cx } from './classNames.ts';
import { progressPercent } from './progress.ts';
import { useI18n } from './useI18n.ts';
import * as styles from './Spinner.module.css';

export interface ProgressProps {
  label: ReactNode;
  value: number;
  max: number;
  /** Text beside the label, e.g. "3.2 MB of 12.5 MB"; defaults to the percentage. */
  valueText?: string;
  className?: string;
}

/** A determinate progress bar (file uploads, exports) using the native element. */
export function Progress({ label, value, max, valueText, className }: ProgressProps) {
  const id = useId();
  const i18n = useI18n();
  const percent = progressPercent(value, max);
  const text = valueText ?? (percent === null ? i18n._('shared.ui.working') : i18n._('shared.ui.percent', { percent }));
  return (
    <div className={cx(styles.progress, className)}>
      <div className={styles.progressLabel}>
        <label htmlFor={id}>{label}</label>
        <span aria-hidden="true">{text}</span>
      </div>
      <progress id={id} className={styles.bar} max={100} value={percent ?? undefined} aria-valuetext={text} />
    </div>
  );
}
