import { startTransition, useCallback, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { CoverGrid, Skeleton } from '@stitchhouse/shared/ui/index.ts';
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

/**
 * Cards a new grid renders with the rest of its page: a phone's first screen and then some. The
 * others follow in a background render, so a page that arrives with its results (the first reads
 * travel in the page) paints its search box and first cards without waiting for all 24.
 */
const FIRST_RENDER_CARDS = 6;

/** How long the other covers wait for the first one at most. */
const FIRST_COVER_WAIT_MS = 2500;

export function PatternGrid({ patterns, recommendedSizes, headingLevel = 2, footerOf, highlight, aboveFold = true }: PatternGridProps) {
  // The first cover is the page's largest paint: the others start once it has arrived, so on a
  // slow phone connection it does not share the bandwidth with a dozen covers further down
  // (their boxes are reserved meanwhile; at most FIRST_COVER_WAIT_MS).
  const leadsWithCover = aboveFold && Boolean(patterns[0]?.coverPath);
  const [firstCoverDone, setFirstCoverDone] = useState(!leadsWithCover);
  // After the frame that shows it, so the others do not compete with its paint either; as a
  // transition, so re-rendering the other cards yields to the browser (a phone's Total Blocking Time).
  const settleFirstCover = useCallback(() => requestAnimationFrame(() => setTimeout(() => startTransition(() => setFirstCoverDone(true)), 0)), []);
  useEffect(() => {
    if (firstCoverDone) return;
    const timer = setTimeout(settleFirstCover, FIRST_COVER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [firstCoverDone, settleFirstCover]);
  const shown = useDeferredValue(patterns.length, Math.min(patterns.length, FIRST_RENDER_CARDS));
  return (
    <CoverGrid data-testid="pattern-grid">
      {patterns.slice(0, shown).map((pattern, index) => (
        <li key={pattern.id}>
          <PatternCard
            pattern={pattern}
            index={aboveFold ? index : undefined}
            coverWaits={index > 0 && !firstCoverDone}
            onCoverSettled={index === 0 ? settleFirstCover : undefined}
            headingLevel={headingLevel}
            recommendedSize={recommendedSizes?.get(pattern.id) ?? null}
            footer={footerOf?.(pattern)}
            highlight={highlight}
          />
        </li>
      ))}
    </CoverGrid>
  );
}

/** Card-shaped placeholders while the first page loads. */
export function PatternGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <CoverGrid aria-hidden="true" data-testid="pattern-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.skeletonCard}>
          <Skeleton shape="block" aspectRatio="4 / 5" />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </li>
      ))}
    </CoverGrid>
  );
}
