import type { ReactNode } from 'react';
import { cx } from './classNames.ts';
import * as styles from './Alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

/**
 * Errors interrupt (role=alert, assertive); everything else is a polite status
 * update that waits for the screen reader to finish.
 */
export function alertRole(tone: AlertTone): 'alert' | 'status' {
  return tone === 'danger' ? 'alert' : 'status';
}

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links that resolve the situation (Retry, Sign in…). */
  actions?: ReactNode;
  className?: string;
  id?: string;
}

/** A message about the page's state: a failure, a confirmation, a warning. */
export function Alert({ tone = 'info', title, children, actions, className, id }: AlertProps) {
  return (
    <div id={id} role={alertRole(tone)} className={cx(styles.alert, styles[tone], className)}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.body}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

/** The same block under the name product copy uses for neutral, non-urgent messages. */
export function Notice(props: Omit<AlertProps, 'tone'> & { tone?: Exclude<AlertTone, 'danger'> }) {
  return <Alert tone="info" {...props} />;
}
