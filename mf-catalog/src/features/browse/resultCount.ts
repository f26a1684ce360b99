// The heading over the results: "3 patterns", "1,204 patterns for “linen”", or, when the
// database only estimated the total (more than it counts exactly), "about 1,200 patterns".
import { formatCount } from '@stitchhouse/shared/money.ts';

export function resultCountLabel(total: number, totalIsEstimate: boolean, q?: string): string {
  // an estimate's digits beyond the second are noise: say "about 3,000", not "about 3,036"
  const shown = totalIsEstimate ? Number(total.toPrecision(2)) : total;
  const noun = !totalIsEstimate && total === 1 ? 'pattern' : 'patterns';
  return `${totalIsEstimate ? 'about ' : ''}${formatCount(shown)} ${noun}${q ? ` for “${q}”` : ''}`;
}
