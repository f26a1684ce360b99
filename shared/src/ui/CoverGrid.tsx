import type { ComponentPropsWithRef } from 'react';
import { cx } from './classNames.ts';
import * as styles from './CoverGrid.module.css';

/**
 * The list pattern cards sit in (the catalog, a store, search) and the shell's skeleton of those
 * pages: one layout, so a card's cover is the width COVER_SLOTS.card's `sizes` says, and the
 * skeleton's lead cover the width of the card that replaces it.
 */
export function CoverGrid({ className, ...rest }: ComponentPropsWithRef<'ul'>) {
  return <ul {...rest} className={cx(styles.grid, className)} />;
}
