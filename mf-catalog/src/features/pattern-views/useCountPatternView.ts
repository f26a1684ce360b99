import { useEffect } from 'react';
import { afterFirstPaint } from '@stitchhouse/shared/afterPaint.ts';
import { recordPatternView } from '../../api/patternViews.ts';

// The pattern last counted on this page: React's development double effects and re-renders
// of the same page count once; opening another pattern (or coming back later) counts again.
let lastCounted: string | null = null;

/** Counts one view each time a pattern page is opened. */
export function useCountPatternView(patternId: string): void {
  useEffect(() => {
    if (!patternId || lastCounted === patternId) return;
    lastCounted = patternId;
    // Counted once the page has painted: the count is for the designer's stats, and on a phone a
    // request sent with the screen's reads shares their bandwidth.
    void afterFirstPaint().then(() => recordPatternView(patternId));
    return () => {
      // leaving the page: the next opening of this pattern is a new view
      queueMicrotask(() => {
        if (lastCounted === patternId) lastCounted = null;
      });
    };
  }, [patternId]);
}
