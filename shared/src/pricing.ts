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

// The currencies and their display live in money.ts, which pages load without the plans and fees.
import { formatMoney, SUPPORTED_CURRENCIES, type Currency } from './money.ts';

export { formatMoney, SUPPORTED_CURRENCIES, type Currency };
// The plans and how their fee reads live in plans.ts, which the home page loads without the fee maths.
import { describeSaleFee, formatBasisPoints, PLAN_IDS, PLANS, type Plan, type PlanId } from './plans.ts';
import { BRAND_NAME } from './brand.ts';
import { sharedText } from './formatLocale.ts';
import { EU_VAT_RATES, VAT_RATES, countryName, isSellingCountry, type VatRate } from './countries.ts';

export { describeSaleFee, formatBasisPoints, PLAN_IDS, PLANS, type Plan, type PlanId };

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
    get label() {
      return sharedText(/*i18n*/ 'shared.pricing.typical.marketplace.label', 'General handmade marketplace');
    },
    get detail() {
      return sharedText(
        /*i18n*/ 'shared.pricing.typical.marketplace.detail',
        'About 6.5 % transaction fee, about 4 % + €0.30 card processing and a listing fee of about €0.19 per pattern.',
      );
    },
    saleFeeBasisPoints: 1050,
    saleFeeFixed: 49,
  },
  {
    get label() {
      return sharedText(/*i18n*/ 'shared.pricing.typical.storefront.label', 'Storefront tool, free tier');
    },
    get detail() {
      return sharedText(
        /*i18n*/ 'shared.pricing.typical.storefront.detail',
        'About 5 % platform fee, plus card processing of about 1.5 % + €0.25 charged by the payment provider.',
      );
    },
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
      sharedText(/*i18n*/ 'shared.pricing.error.minPrice', 'A paid pattern must cost at least {min}; set 0 to give it away.', {
        min: formatMoney(MIN_PAID_PRICE[currency], currency),
      }),
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

/** Royalty a shop owes for each printed copy of a pattern it sells in store: this share of the pattern's list price (60 %). */
export const PRINT_ROYALTY_BP = 6000;

/**
 * The royalty for `quantity` printed copies of a pattern listed at `listPrice` (the pattern's own
 * currency), split with splitRoyalty: `price` is what the shop owes, `platformFee` the platform's
 * share by the designer's plan, `designerPayout` the designer's.
 */
export function printRoyalty(listPrice: number, quantity: number, currency: string, designerPlanId: string): SaleSplit {
  assertAmount(listPrice, 'List price');
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new PricingError(`Quantity must be a whole number of at least 1; got ${String(quantity)}.`);
  return splitRoyalty(percentOf(listPrice, PRINT_ROYALTY_BP) * quantity, currency, designerPlanId);
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
      label: sharedText(/*i18n*/ 'shared.pricing.comparison.planLabel', '{plan} plan', { plan: PLANS[planId].name }),
      detail: sharedText(/*i18n*/ 'shared.pricing.comparison.planDetail', '{fee}, card processing included.', { fee: describeSaleFee(planId, currency) }),
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

// ───────────────────────── Checkout maths: VAT, discounts, the designer's share ─────────────────────────
// Prices on Stitchhouse are tax-inclusive: the buyer pays the listed price, and that price
// contains the VAT of the buyer's country (digital services are taxed where the buyer lives; the
// VAT table, countries.ts VAT_RATES, lists every country Stitchhouse sells to). The platform fee
// is taken from the price net of VAT; the designer gets the rest.

// The EU's standard rates live with the country list (countries.ts), which the storefront and the
// address forms use without the rest of these maths.
export { EU_VAT_RATES, VAT_RATES, isSellingCountry, type VatRate };

/** The VAT rate (basis points) for a buyer in this country: the VAT table's (countries.ts VAT_RATES); no other country is sold to. */
export function vatRateFor(country: string): number {
  if (!/^[A-Z]{2}$/.test(country)) throw new PricingError(`Country must be a two-letter ISO code such as "DE"; got "${country}".`);
  if (!isSellingCountry(country)) throw new PricingError(`Stitchhouse does not sell to "${country}"; no VAT rate is known for it.`);
  return VAT_RATES[country]!.rateBp;
}

/** The VAT contained in a tax-inclusive amount: gross × rate / (1 + rate), rounded half up, integers only. */
export function vatIncluded(gross: number, rateBp: number): number {
  assertAmount(gross, 'Amount');
  assertAmount(rateBp, 'VAT rate');
  const divisor = 10_000 + rateBp;
  return Math.floor((gross * rateBp * 2 + divisor) / (2 * divisor));
}

export interface DiscountRule {
  /** 1–100, or null when the code takes a fixed amount off. */
  percentOff: number | null;
  /** Fixed amount off (minor units, in `currency`), or null for a percentage. */
  amountOffCents: number | null;
  currency: string | null;
  storeId: string;
  /** null = every pattern of the store. */
  patternId: string | null;
}

export interface CartLineInput {
  patternId: string;
  storeId: string;
  /** The seller store's plan decides the platform fee. */
  plan: PlanId;
  unitPriceCents: number;
  quantity: number;
}

export interface QuotedLine extends CartLineInput {
  /** unit price × quantity, before any discount. */
  grossCents: number;
  discountCents: number;
  /** What the buyer pays for the line, VAT included. */
  totalCents: number;
  vatCents: number;
  platformFeeCents: number;
  /** What the designer is paid: total − VAT − fee, never negative. */
  designerShareCents: number;
}

export interface CartQuote {
  currency: Currency;
  vatRateBp: number;
  lines: QuotedLine[];
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  platformFeeCents: number;
  totalCents: number;
}

/**
 * The platform fee on one line, charged on its amount net of VAT: the plan's percentage plus
 * its fixed part once per line (one line is one sale, whatever the quantity), capped so that
 * the designer's share is never negative (a heavily discounted line pays at most what it earns).
 */
export function lineFee(netOfVat: number, currency: string, planId: string): number {
  assertAmount(netOfVat, 'Amount');
  assertCurrency(currency);
  if (netOfVat === 0) return 0;
  const plan = getPlan(planId);
  return Math.min(netOfVat, percentOf(netOfVat, plan.saleFeeBasisPoints) + plan.saleFeeFixed[currency]);
}

/** Which lines a discount code applies to. */
export function discountApplies(rule: DiscountRule, line: Pick<CartLineInput, 'storeId' | 'patternId'>): boolean {
  return line.storeId === rule.storeId && (rule.patternId === null || rule.patternId === line.patternId);
}

/**
 * Discount per line (same order as `grosses`). A percentage is taken from each line; a fixed
 * amount is capped at what the lines cost and spread over them in proportion to their price
 * (largest remainder, so the parts add up to the amount exactly).
 */
export function allocateDiscount(rule: DiscountRule, grosses: number[], currency: string): number[] {
  grosses.forEach((g) => assertAmount(g, 'Line amount'));
  if (rule.percentOff !== null) {
    if (!Number.isInteger(rule.percentOff) || rule.percentOff < 1 || rule.percentOff > 100) {
      throw new PricingError(`A percentage discount must be a whole number from 1 to 100; got ${String(rule.percentOff)}.`);
    }
    return grosses.map((g) => percentOf(g, rule.percentOff! * 100));
  }
  const amount = rule.amountOffCents ?? 0;
  assertAmount(amount, 'Discount amount');
  if (rule.currency !== currency) {
    throw new PricingError(`This discount is in ${String(rule.currency)} but the cart is in ${currency}.`);
  }
  const total = grosses.reduce((a, b) => a + b, 0);
  const off = Math.min(amount, total);
  if (total === 0) return grosses.map(() => 0);
  const exact = grosses.map((g) => (g * off) / total);
  const parts = exact.map((x) => Math.floor(x));
  let left = off - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * Prices a cart on the server from database prices: discount, VAT for the buyer's country,
 * the platform fee of each seller's plan and each designer's share, all in integer minor units.
 */
export function quoteCart(lines: CartLineInput[], options: { currency: string; country: string; discount?: DiscountRule | null }): CartQuote {
  assertCurrency(options.currency);
  const currency = options.currency;
  const vatRateBp = vatRateFor(options.country);
  for (const line of lines) {
    assertAmount(line.unitPriceCents, 'Unit price');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new PricingError(`Quantity must be a whole number of at least 1; got ${String(line.quantity)}.`);
    }
  }
  const grosses = lines.map((l) => l.unitPriceCents * l.quantity);
  const discounts = lines.map(() => 0);
  const rule = options.discount;
  if (rule) {
    const applicable = lines.map((l, i) => (discountApplies(rule, l) ? i : -1)).filter((i) => i >= 0);
    const parts = allocateDiscount(
      rule,
      applicable.map((i) => grosses[i]!),
      currency,
    );
    applicable.forEach((lineIndex, k) => (discounts[lineIndex] = parts[k]!));
  }
  const quoted = lines.map((line, i): QuotedLine => {
    const totalCents = grosses[i]! - discounts[i]!;
    const vatCents = vatIncluded(totalCents, vatRateBp);
    const platformFeeCents = lineFee(totalCents - vatCents, currency, line.plan);
    return {
      ...line,
      grossCents: grosses[i]!,
      discountCents: discounts[i]!,
      totalCents,
      vatCents,
      platformFeeCents,
      designerShareCents: totalCents - vatCents - platformFeeCents,
    };
  });
  const sum = (pick: (l: QuotedLine) => number) => quoted.reduce((a, l) => a + pick(l), 0);
  return {
    currency,
    vatRateBp,
    lines: quoted,
    subtotalCents: sum((l) => l.grossCents),
    discountCents: sum((l) => l.discountCents),
    vatCents: sum((l) => l.vatCents),
    platformFeeCents: sum((l) => l.platformFeeCents),
    totalCents: sum((l) => l.totalCents),
  };
}

/** The part of a transfer to pull back when `refunded` of a line's `paid` total is refunded (proportional, half up). */
export function proportionalReversal(transferCents: number, refundedCents: number, lineTotalCents: number): number {
  assertAmount(transferCents, 'Transfer');
  assertAmount(refundedCents, 'Refund');
  assertAmount(lineTotalCents, 'Line total');
  if (lineTotalCents === 0 || refundedCents >= lineTotalCents) return transferCents;
  return Math.min(transferCents, Math.floor((transferCents * refundedCents * 2 + lineTotalCents) / (2 * lineTotalCents)));
}

/** Subscription price lookup keys the billing code creates lazily: pro_month_eur, pro_year_gbp, … */
export function planLookupKey(planId: PlanId, interval: 'month' | 'year', currency: Currency): string {
  return `${planId}_${interval}_${currency.toLowerCase()}`;
}

/** The plan's subscription price for an interval (minor units), from the same numbers /pricing shows. */
export function planPrice(planId: PlanId, interval: 'month' | 'year', currency: Currency): number {
  const plan = PLANS[planId];
  const price = interval === 'month' ? plan.monthlyPrice[currency] : plan.yearlyPrice?.[currency];
  if (price === undefined || price === 0) throw new PricingError(`The ${plan.name} plan has no ${interval}ly price to subscribe to.`);
  return price;
}

// ───────────────────────── Partner programmes: what resellers and suppliers earn ─────────────────────────
// Commissions are paid from the platform's share of a sale, never from the designer's: a reseller
// earns a share of the platform fee on each line of an order they referred. The database caps it
// at the line's fee as well (order_items_commission_within_fee).

/** A reseller's commission: this share of the platform fee of each referred line, basis points (40 %). */
export const RESELLER_COMMISSION_BP = 4000;
/** A referral counts for purchases within this many days of the buyer's last click on a referral link. */
export const REFERRAL_ATTRIBUTION_DAYS = 30;
/** Suppliers list kits free of charge and keep their whole kit price (sold in their own shop). */
export const SUPPLIER_LISTING_FEE_CENTS = 0;
/** Share of a kit's sale the platform takes: none (kit links go to the supplier's shop). */
export const SUPPLIER_KIT_COMMISSION_BP = 0;

/** The commission on one line with this platform fee: RESELLER_COMMISSION_BP of it, half up, never above it. */
export function resellerCommission(platformFeeCents: number): number {
  assertAmount(platformFeeCents, 'Platform fee');
  return Math.min(platformFeeCents, percentOf(platformFeeCents, RESELLER_COMMISSION_BP));
}

/** The programme page's worked example: a referred sale of EXAMPLE_SALE on each plan, bought from EXAMPLE_COUNTRY (saleExample's figures). */
export function commissionExample(amount: number = EXAMPLE_SALE.amount, currency: Currency = EXAMPLE_SALE.currency, country: string = EXAMPLE_COUNTRY) {
  return saleExample(amount, currency, country).plans.map((line) => {
    const commission = resellerCommission(line.platformFeeCents);
    return {
      planId: line.planId,
      planName: line.planName,
      platformFeeCents: line.platformFeeCents,
      commissionCents: commission,
      designerShareCents: line.designerShareCents,
      platformKeepsCents: line.platformFeeCents - commission,
    };
  });
}

// ───────────────────────── The worked example every page shows ─────────────────────────
// /designers, /pricing, /payment/receive and /partners show ONE example sale, priced by quoteCart
// exactly as checkout prices it (VAT of the buyer's country taken out of the tax-inclusive price,
// then the plan's fee on what is left), so the copy says what a real sale pays the designer.

/** The buyer's country of the worked example: Germany (19 % VAT). */
export const EXAMPLE_COUNTRY = 'DE';

export interface SaleExamplePlan {
  planId: PlanId;
  planName: string;
  platformFeeCents: number;
  /** What the designer is paid for the sale (the transfer to their payout account). */
  designerShareCents: number;
}

export interface SaleExample {
  amountCents: number;
  currency: Currency;
  country: string;
  countryName: string;
  vatRateBp: number;
  vatCents: number;
  plans: SaleExamplePlan[];
}

/** One paid sale of `amount` to a buyer in `country`, on each plan, as checkout's quoteCart prices it. */
export function saleExample(amount: number = EXAMPLE_SALE.amount, currency: Currency = EXAMPLE_SALE.currency, country: string = EXAMPLE_COUNTRY): SaleExample {
  validateSalePrice(amount, currency);
  if (amount === 0) throw new PricingError('The worked example needs a paid sale; free patterns carry no fee.');
  const quoted = PLAN_IDS.map((planId) => ({
    planId,
    line: quoteCart([{ patternId: 'example', storeId: 'example', plan: planId, unitPriceCents: amount, quantity: 1 }], { currency, country }).lines[0]!,
  }));
  const first = quoted[0]!.line;
  return {
    amountCents: amount,
    currency,
    country,
    countryName: countryName(country),
    vatRateBp: vatRateFor(country),
    vatCents: first.vatCents,
    plans: quoted.map(({ planId, line }) => ({
      planId,
      planName: PLANS[planId].name,
      platformFeeCents: line.platformFeeCents,
      designerShareCents: line.designerShareCents,
    })),
  };
}

/**
 * The example in words: "A €12.00 sale to a buyer in Germany: VAT €1.92 (19 %, included in the
 * price), Stitchhouse fee €0.75, you keep €9.33 on Free; on Pro the fee is €0.45 and you keep €9.63."
 * (for a partner: "… the designer keeps …").
 */
export function describeSaleExample(example: SaleExample = saleExample(), reader: 'designer' | 'partner' = 'designer'): string {
  const m = (cents: number) => formatMoney(cents, example.currency);
  const [first, second] = example.plans;
  if (!first || !second || example.plans.length !== 2) throw new PricingError('The worked example describes exactly two plans.');
  const values = {
    amount: m(example.amountCents),
    country: example.countryName,
    vat: m(example.vatCents),
    vatRate: formatBasisPoints(example.vatRateBp),
    brand: BRAND_NAME,
    fee: m(first.platformFeeCents),
    keep: m(first.designerShareCents),
    plan: first.planName,
    otherPlan: second.planName,
    otherFee: m(second.platformFeeCents),
    otherKeep: m(second.designerShareCents),
  };
  if (example.vatRateBp > 0) {
    return reader === 'designer'
      ? sharedText(
          /*i18n*/ 'shared.saleExample.designer.vat',
          'A {amount} sale to a buyer in {country}: VAT {vat} ({vatRate}, included in the price), {brand} fee {fee}, you keep {keep} on {plan}; on {otherPlan} the fee is {otherFee} and you keep {otherKeep}.',
          values,
        )
      : sharedText(
          /*i18n*/ 'shared.saleExample.partner.vat',
          'A {amount} sale to a buyer in {country}: VAT {vat} ({vatRate}, included in the price), {brand} fee {fee}, the designer keeps {keep} on {plan}; on {otherPlan} the fee is {otherFee} and the designer keeps {otherKeep}.',
          values,
        );
  }
  return reader === 'designer'
    ? sharedText(
        /*i18n*/ 'shared.saleExample.designer.noVat',
        'A {amount} sale to a buyer in {country}: no VAT, {brand} fee {fee}, you keep {keep} on {plan}; on {otherPlan} the fee is {otherFee} and you keep {otherKeep}.',
        values,
      )
    : sharedText(
        /*i18n*/ 'shared.saleExample.partner.noVat',
        'A {amount} sale to a buyer in {country}: no VAT, {brand} fee {fee}, the designer keeps {keep} on {plan}; on {otherPlan} the fee is {otherFee} and the designer keeps {otherKeep}.',
        values,
      );
}
