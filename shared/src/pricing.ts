/**
 * Store plans and platform fees: the ONE place these numbers live. The pricing page
 * shows them and the payment code charges them, so they cannot drift apart.
 *
 * Money is held in integer minor units (cents, pence) and percentages in basis
 * points (1 bp = 0.01 %) so fee maths never touches floating-point money.
 *
 * Why these numbers: a general marketplace takes roughly 6.5 % + 4 % + €0.30 +
 * a listing fee per digital sale, storefront tools take 5 % on their free tier
 * before card processing. Our fee includes card processing, so Free (5 % + €0.25,
 * all-in) and Pro (2 % + €0.25, all-in) both leave the designer more of every sale.
 */

export const SUPPORTED_CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];

export const PLAN_IDS = ['free', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** One sentence: who the plan is for. */
  summary: string;
  /** Monthly subscription price per currency, minor units. */
  monthlyPrice: Record<Currency, number>;
  /** Yearly price per currency (two months free), minor units; null when the plan is free. */
  yearlyPrice: Record<Currency, number> | null;
  /** Percentage part of the platform fee on each paid digital sale, in basis points. */
  saleFeeBasisPoints: number;
  /** Fixed part of the platform fee on each paid digital sale, minor units per currency. */
  saleFeeFixed: Record<Currency, number>;
  /** Share of in-shop print royalties (point-of-sale) the platform keeps, basis points. No fixed part. */
  royaltyFeeBasisPoints: number;
  /** What the plan includes, in the order the pricing page lists it. */
  includes: readonly string[];
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    summary: 'For designers opening a store and for makers selling their first patterns.',
    monthlyPrice: { EUR: 0, GBP: 0, USD: 0 },
    yearlyPrice: null,
    saleFeeBasisPoints: 500,
    saleFeeFixed: { EUR: 25, GBP: 20, USD: 30 },
    royaltyFeeBasisPoints: 500,
    includes: [
      'Unlimited patterns and files, no listing fees',
      'One file per format: A4, US Letter, A0 copy shop and projector',
      'Every download stamped with the buyer’s name and order number',
      'New file versions e-mailed to everyone who bought the pattern',
      'Payouts to your bank through Stripe Connect',
      'Sales, downloads and payout reports',
      'Card processing included in the fee',
    ],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    summary: 'For designers and shops with a steady catalogue, where a lower fee pays for the plan.',
    monthlyPrice: { EUR: 900, GBP: 800, USD: 1000 },
    yearlyPrice: { EUR: 9000, GBP: 8000, USD: 10000 },
    saleFeeBasisPoints: 200,
    saleFeeFixed: { EUR: 25, GBP: 20, USD: 30 },
    royaltyFeeBasisPoints: 200,
    includes: [
      'Everything in Free',
      'Lower fee on every sale and on in-shop royalties',
      'Wholesale prices for approved shops',
      'Point-of-sale integration: API keys, catalogue feed and sales upload',
      'All reports with date ranges and CSV export',
      'Priority e-mail support',
    ],
  },
};

/** Below this price a sale is refused: the fixed fee would eat most of it. Free patterns (0) are allowed. */
export const MIN_PAID_PRICE: Readonly<Record<Currency, number>> = { EUR: 100, GBP: 100, USD: 100 };

/** The example sale the pricing page works through (€12.00). */
export const EXAMPLE_SALE = { amount: 1200, currency: 'EUR' as Currency };

/**
 * Typical fees elsewhere, described generically for the pricing page's comparison.
 * Published fees change; these are the commonly advertised levels, not quotes.
 */
export const TYPICAL_MARKETPLACE_FEES = [
  {
    label: 'General handmade marketplace',
    detail: 'About 6.5 % transaction fee, about 4 % + €0.30 card processing and a listing fee of about €0.19 per pattern.',
    saleFeeBasisPoints: 1050,
    saleFeeFixed: 49,
  },
  {
    label: 'Storefront tool, free tier',
    detail: 'About 5 % platform fee, plus card processing of about 1.5 % + €0.25 charged by the payment provider.',
    saleFeeBasisPoints: 650,
    saleFeeFixed: 25,
  },
] as const;

export class PricingError extends Error {
  override name = 'PricingError';
}

function assertAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new PricingError(`${what} must be a whole, non-negative number of cents; got ${String(amount)}.`);
  }
}

function assertCurrency(currency: string): asserts currency is Currency {
  if (!(SUPPORTED_CURRENCIES as readonly string[]).includes(currency)) {
    throw new PricingError(`Currency ${currency} is not supported; use one of ${SUPPORTED_CURRENCIES.join(', ')}.`);
  }
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function getPlan(planId: string): Plan {
  if (!isPlanId(planId)) throw new PricingError(`Unknown plan "${planId}"; use one of ${PLAN_IDS.join(', ')}.`);
  return PLANS[planId];
}

/** amount × basisPoints / 10 000, rounded half up to the nearest minor unit, in integers only. */
export function percentOf(amount: number, basisPoints: number): number {
  assertAmount(amount, 'Amount');
  assertAmount(basisPoints, 'Basis points');
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

/** Whether a store may sell at this price: free (0) or at least the minimum paid price. */
export function validateSalePrice(amount: number, currency: string): void {
  assertAmount(amount, 'Price');
  assertCurrency(currency);
  if (amount > 0 && amount < MIN_PAID_PRICE[currency]) {
    throw new PricingError(
      `A paid pattern must cost at least ${formatMoney(MIN_PAID_PRICE[currency], currency)}; set 0 to give it away.`,
    );
  }
}

export interface SaleSplit {
  /** What the buyer pays for the pattern (before any VAT the checkout adds). */
  price: number;
  /** What the platform keeps, card processing included. */
  platformFee: number;
  /** What is paid out to the designer's Stripe Connect account. */
  designerPayout: number;
  currency: Currency;
}

/**
 * Splits one paid digital sale between platform and designer. The payment code
 * passes `platformFee` as the Stripe application fee; free patterns cost nothing.
 */
export function splitSale(amount: number, currency: string, planId: string): SaleSplit {
  validateSalePrice(amount, currency);
  assertCurrency(currency);
  const plan = getPlan(planId);
  const platformFee = amount === 0 ? 0 : percentOf(amount, plan.saleFeeBasisPoints) + plan.saleFeeFixed[currency];
  return { price: amount, platformFee, designerPayout: amount - platformFee, currency };
}

/** Platform share of an in-shop print royalty reported through the point-of-sale integration. */
export function splitRoyalty(amount: number, currency: string, planId: string): SaleSplit {
  assertAmount(amount, 'Royalty');
  assertCurrency(currency);
  const plan = getPlan(planId);
  const platformFee = percentOf(amount, plan.royaltyFeeBasisPoints);
  return { price: amount, platformFee, designerPayout: amount - platformFee, currency };
}

/** What a designer keeps from a sale under a generic fee model (for the comparison table). */
export function keepsUnder(amount: number, fee: { saleFeeBasisPoints: number; saleFeeFixed: number }): number {
  assertAmount(amount, 'Amount');
  return Math.max(0, amount - percentOf(amount, fee.saleFeeBasisPoints) - fee.saleFeeFixed);
}

/**
 * Monthly paid sales above which Pro costs less than Free, for a given typical price:
 * the plan price divided by the fee saved per sale, rounded up.
 */
export function proBreakEvenSales(amount: number, currency: string): number {
  validateSalePrice(amount, currency);
  assertCurrency(currency);
  if (amount === 0) return Number.POSITIVE_INFINITY;
  const saved = splitSale(amount, currency, 'free').platformFee - splitSale(amount, currency, 'pro').platformFee;
  if (saved <= 0) return Number.POSITIVE_INFINITY;
  return Math.ceil(PLANS.pro.monthlyPrice[currency] / saved);
}

const LOCALE_BY_CURRENCY: Record<Currency, string> = { EUR: 'en-IE', GBP: 'en-GB', USD: 'en-US' };

/** "€12.00", "£8.00", "$10.00": minor units to a display string. */
export function formatMoney(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(LOCALE_BY_CURRENCY[currency], { style: 'currency', currency }).format(amount / 100);
}

/** "5 %" / "2.5 %" from basis points, for fee descriptions. */
export function formatBasisPoints(basisPoints: number): string {
  const percent = basisPoints / 100;
  return `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toString()} %`;
}

/** "5 % + €0.25 per sale" */
export function describeSaleFee(planId: PlanId, currency: Currency = 'EUR'): string {
  const plan = PLANS[planId];
  return `${formatBasisPoints(plan.saleFeeBasisPoints)} + ${formatMoney(plan.saleFeeFixed[currency], currency)} per sale`;
}

export interface FeeComparisonRow {
  label: string;
  detail: string;
  /** Total taken from the sale, minor units. */
  fees: number;
  /** What the designer keeps, minor units. */
  keeps: number;
  /** Row describes one of our plans (highlighted on the pricing page). */
  ours: boolean;
}

/**
 * The pricing page's worked example: what a designer keeps from one sale on each
 * of our plans and under the typical fee models, our plans first.
 */
export function feeComparison(amount: number = EXAMPLE_SALE.amount, currency: Currency = EXAMPLE_SALE.currency): FeeComparisonRow[] {
  const ours = PLAN_IDS.map((planId): FeeComparisonRow => {
    const split = splitSale(amount, currency, planId);
    return {
      label: `${PLANS[planId].name} plan`,
      detail: `${describeSaleFee(planId, currency)}, card processing included.`,
      fees: split.platformFee,
      keeps: split.designerPayout,
      ours: true,
    };
  });
  const typical = TYPICAL_MARKETPLACE_FEES.map((model): FeeComparisonRow => {
    const keeps = keepsUnder(amount, model);
    return { label: model.label, detail: model.detail, fees: amount - keeps, keeps, ours: false };
  });
  return [...ours, ...typical];
}
