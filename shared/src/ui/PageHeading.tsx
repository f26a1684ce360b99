import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../brand.ts';
import { cx } from './classNames.ts';
import { shouldFocusHeading } from './focus.ts';
import * as styles from './PageHeading.module.css';

export interface PageHeadingProps {
  /** The page's one h1. */
  children: ReactNode;
  /** Plain-text page name for the document title ("Pricing" → "Pricing · Stitchhouse"). */
  title: string;
  /** A short line above the heading (section name). */
  eyebrow?: ReactNode;
  /** One or two sentences under the heading. */
  lead?: ReactNode;
  className?: string;
}

/**
 * The h1 of a screen. Sets the document title and, after client-side navigation,
 * moves focus to itself so assistive tech announces the new page.
 */
export function PageHeading({ children, title, eyebrow, lead, className }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const location = useLocation();

  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  useEffect(() => {
    // The shell's ScrollMemory decides the scroll position (top, or where Back left it).
    if (shouldFocusHeading(location.key)) ref.current?.focus({ preventScroll: true });
  }, [location.key]);

  return (
    <header className={cx(styles.header, className)}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 ref={ref} tabIndex={-1} className={styles.heading}>
        {children}
      </h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}
