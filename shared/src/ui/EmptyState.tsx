import type { ReactNode } from 'react';
import { cx } from './classNames.ts';
import * as styles from './EmptyState.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  /** A decorative symbol; hidden from screen readers. */
  icon?: ReactNode;
  actions?: ReactNode;
  /** Heading level that fits the surrounding outline (default h2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What to show when a list has nothing in it yet, with the next useful step. */
export function EmptyState({ title, children, icon, actions, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.empty, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.body}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
