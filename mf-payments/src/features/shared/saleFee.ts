// A plan's fee on each sale in the page's language ("5 % + €0.25 per sale"): the rate and the fixed
// part from shared/src/plans.ts, the words from the payments catalog.
import type { I18n } from '@lingui/core';
import { formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { PLANS, formatBasisPoints, type PlanId } from '@stitchhouse/shared/plans.ts';

export function saleFee(i18n: I18n, planId: PlanId, currency: Currency = 'EUR'): string {
  const plan = PLANS[planId];
  return i18n._('payments.fee.perSale', { rate: formatBasisPoints(plan.saleFeeBasisPoints), fixed: formatMoney(plan.saleFeeFixed[currency], currency) });
}
