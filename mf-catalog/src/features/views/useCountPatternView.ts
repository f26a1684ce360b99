import { useEffect } from 'react';
import { recordPatternView } from '../../api/patternViews.ts';

// The pattern last counted on this page: React's development double effects and re-renders
// of the same page count once; opening another pattern (or coming back later) counts again.
let lastCounted: string | null = null;

/** Counts one view each time a pattern page is opened. */
export function useCountPatternView(patternId: string): void {
  useEffect(() => {
    if (!patternId || lastCounted === patternId) return;
    lastCounted = patternId;
    void recordPatternView(patternId);
    return () => {
      // leaving the page: the next opening of this pattern is a new view
      queueMicrotask(() => { if (lastCounted === patternId) lastCounted = null; });
    };
  }, [patternId]);
}
