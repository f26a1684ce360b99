import type { ElementType, ReactNode } from 'react';
import * as styles from './VisuallyHidden.module.css';

export interface VisuallyHiddenProps {
  children: ReactNode;
  as?: Extract<ElementType, 'span' | 'div' | 'h2' | 'h3' | 'p' | 'legend'>;
  id?: string;
}

/** Text for screen readers only, e.g. "(opens in a new tab)" or a landmark heading. */
export function VisuallyHidden({ children, as: Tag = 'span', id }: VisuallyHiddenProps) {
  return (
    <Tag id={id} className={styles.hidden}>
      {children}
    </Tag>
  );
}
