// An operator's decision changes more than the review queue: the programme's directory of
// approved partners on the same page reads again, so it is never stale until a reload.
import { useSyncExternalStore } from 'react';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';

const decisions = new Map<PartnerProgramme, number>();
const listeners = new Set<() => void>();

/** Called once an application of `programme` was approved or rejected. */
export function noteDecision(programme: PartnerProgramme): void {
  decisions.set(programme, (decisions.get(programme) ?? 0) + 1);
  for (const listener of listeners) listener();
}

/** How many decisions this page has seen for `programme`: part of a list's request key. */
export function useDecisionCount(programme: PartnerProgramme): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => decisions.get(programme) ?? 0,
    () => 0,
  );
}
