import { useEffect, useRef } from 'react';
import { useI18n } from '../ui/useI18n.ts';
import * as styles from './ErrorSummary.module.css';
import './messages.ts';

export interface SummaryItem {
  /** id of the control to jump to; absent for a form-level problem. */
  fieldId?: string;
  message: string;
}

export interface ErrorSummaryProps {
  items: SummaryItem[];
  /** Changes on every failed submit, so focus moves here again each time. */
  attempt: number;
  title?: string;
  /** Extra actions under the list (e.g. "Send a new confirmation email"). */
  children?: React.ReactNode;
}

/**
 * The list of what went wrong, above the form. It takes focus after a failed submit
 * (so keyboard and screen-reader users land on it) and links to each bad field.
 */
export function ErrorSummary({ items, attempt, title, children }: ErrorSummaryProps) {
  const i18n = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (items.length > 0 && attempt > 0) ref.current?.focus();
  }, [attempt, items.length]);
  if (items.length === 0) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={styles.summary} aria-labelledby="error-summary-title" data-error-summary="">
      <h2 id="error-summary-title" className={styles.summaryTitle}>
        {title ?? i18n._('shared.form.summaryTitle')}
      </h2>
      <ul className={styles.summaryList}>
        {items.map((item) => (
          <li key={`${item.fieldId ?? 'form'}:${item.message}`}>
            {item.fieldId ? (
              <a
                href={`#${item.fieldId}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(item.fieldId!)?.focus();
                }}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
