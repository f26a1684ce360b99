import type { ComponentPropsWithRef, ElementType } from 'react';
import { cx } from './classNames.ts';
import * as styles from './Card.module.css';

export interface CardProps extends ComponentPropsWithRef<'div'> {
  /** `article` for a self-contained item such as a pattern, `section` for a page block. */
  as?: Extract<ElementType, 'div' | 'article' | 'section' | 'li'>;
  padded?: boolean;
  /** Lift on hover/focus: for cards whose heading link covers the card. */
  interactive?: boolean;
}

export function Card({ as: Tag = 'div', padded = true, interactive = false, className, ...rest }: CardProps) {
  return <Tag {...(rest as object)} className={cx(styles.card, padded && styles.padded, interactive && styles.interactive, className)} />;
}
