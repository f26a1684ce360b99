// The store plans and how their sale fee reads ("5 % + €0.25 per sale"): what the home and
// marketing pages show. Kept apart from pricing.ts (fee maths, VAT, cart quotes, commissions),
// which re-exports them, so the home page's first paint does not load the rest.
import { sharedText } from './formatLocale.ts';
import { formatMoney, type Currency } from './money.ts';

export const PLAN_IDS = ['free', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** One sentence: who the plan is for (in the active language, read at render). */
  readonly summary: string;
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
  /** What the plan includes, in the order the pricing page lists it (in the active language, read at render). */
  readonly includes: readonly string[];
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    get summary() {
      return sharedText(/*i18n*/ 'shared.plan.free.summary', 'For designers opening a store and for makers selling their first patterns.');
    },
    monthlyPrice: { EUR: 0, GBP: 0, USD: 0 },
    yearlyPrice: null,
    saleFeeBasisPoints: 500,
    saleFeeFixed: { EUR: 25, GBP: 20, USD: 30 },
    royaltyFeeBasisPoints: 500,
    get includes() {
      return [
        sharedText(/*i18n*/ 'shared.plan.free.includes.1', 'Unlimited patterns and files, no listing fees'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.2', 'One file per format: A4, US Letter, A0 copy shop and projector'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.3', 'Every download stamped with the buyer’s name and order number'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.4', 'New file versions e-mailed to everyone who bought the pattern'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.5', 'Payouts to your bank through Stripe Connect'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.6', 'Sales, downloads and payout reports'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.7', 'In-shop sales uploaded as CSV, with royalties worked out for the designer'),
        sharedText(/*i18n*/ 'shared.plan.free.includes.8', 'Card processing included in the fee'),
      ];
    },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    get summary() {
      return sharedText(/*i18n*/ 'shared.plan.pro.summary', 'For designers and shops with a steady catalogue, where a lower fee pays for the plan.');
    },
    monthlyPrice: { EUR: 900, GBP: 800, USD: 1000 },
    yearlyPrice: { EUR: 9000, GBP: 8000, USD: 10000 },
    saleFeeBasisPoints: 200,
    saleFeeFixed: { EUR: 25, GBP: 20, USD: 30 },
    royaltyFeeBasisPoints: 200,
    get includes() {
      return [
        sharedText(/*i18n*/ 'shared.plan.pro.includes.1', 'Everything in Free'),
        sharedText(/*i18n*/ 'shared.plan.pro.includes.2', 'Lower fee on every sale and on in-shop royalties'),
        sharedText(/*i18n*/ 'shared.plan.pro.includes.3', 'Wholesale prices for approved shops'),
        sharedText(
          /*i18n*/ 'shared.plan.pro.includes.4',
          'Point-of-sale integration: till API keys, catalogue feed and live sales reporting (CSV upload is on Free too)',
        ),
        sharedText(/*i18n*/ 'shared.plan.pro.includes.5', 'All reports with date ranges and CSV export'),
        sharedText(/*i18n*/ 'shared.plan.pro.includes.6', 'Priority e-mail support'),
      ];
    },
  },
};

/** "5 %" / "2.5 %" from basis points, for fee descriptions. */
export function formatBasisPoints(basisPoints: number): string {
  const percent = basisPoints / 100;
  return `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toString()} %`;
}

/** "5 % + €0.25 per sale" */
export function describeSaleFee(planId: PlanId, currency: Currency = 'EUR'): string {
  const plan = PLANS[planId];
  return sharedText(/*i18n*/ 'shared.plan.saleFee', '{percent} + {fixed} per sale', {
    percent: formatBasisPoints(plan.saleFeeBasisPoints),
    fixed: formatMoney(plan.saleFeeFixed[currency], currency),
  });
}
