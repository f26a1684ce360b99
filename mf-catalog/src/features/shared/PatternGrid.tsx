import type { ReactNode } from 'react';
import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { PatternCard, type PatternCardData } from './PatternCard.tsx';
import * as styles from './PatternGrid.module.css';

export interface PatternGridProps {
  patterns: readonly PatternCardData[];
  recommendedSizes?: ReadonlyMap<string, string>;
  headingLevel?: 2 | 3;
  footerOf?(pattern: PatternCardData): ReactNode;
  highlight?: string;
  /** The page's first grid loads its first row at once; a grid further down (false) stays lazy. */
  aboveFold?: boolean;
}

export function PatternGrid({ patterns, recommendedSizes, headingLevel = 2, footerOf, highlight, aboveFold = true }: PatternGridProps) {
  return (
    <ul className={styles.grid} data-testid="pattern-grid">
      {patterns.map((pattern, index) => (
        <li key={pattern.id}>
          <PatternCard pattern={pattern} index={aboveFold ? index : undefined} headingLevel={headingLevel} recommendedSize={recommendedSizes?.get(pattern.id) ?? null} footer={footerOf?.(pattern)} highlight={highlight} />
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders while the first page loads. */
export function PatternGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true" data-testid="pattern-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.skeletonCard}>
          <Skeleton shape="block" aspectRatio="4 / 5" />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </li>
      ))}
    </ul>
  );
}
