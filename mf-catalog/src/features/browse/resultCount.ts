// The heading over the results: "3 patterns", "1,204 patterns for “linen”", or, when the
// database only estimated the total (more than it counts exactly), "about 1,200 patterns"; in
// the visitor's language, the number in its convention ("1.204 Schnittmuster").
import type { I18n } from '@lingui/core';

// an estimate's digits beyond the second are noise: say "about 3,000", not "about 3,036"
const shown = (total: number, totalIsEstimate: boolean) => (totalIsEstimate ? Number(total.toPrecision(2)) : total);

export function resultCountLabel(i18n: I18n, total: number, totalIsEstimate: boolean, q?: string): string {
  const count = shown(total, totalIsEstimate);
  if (q) return totalIsEstimate ? i18n._('catalog.browse.count.aboutFor', { count, q }) : i18n._('catalog.browse.count.exactFor', { count, q });
  return totalIsEstimate ? i18n._('catalog.browse.count.about', { count }) : i18n._('catalog.browse.count.exact', { count });
}

/** The phone sheet's results button: "Show 24 patterns", "Show about 3,000 patterns". */
export function showResultsLabel(i18n: I18n, total: number, totalIsEstimate: boolean): string {
  const count = shown(total, totalIsEstimate);
  return totalIsEstimate ? i18n._('catalog.browse.show.about', { count }) : i18n._('catalog.browse.show.exact', { count });
}
