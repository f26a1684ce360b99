// POST /checkout { items: [{ pattern_id, quantity, kind, expected_unit_price_cents? }], discount_code?, country, preview?, email?, referral?, partner_code? }
// POST /checkout { cancel_order } — the buyer left the payment page (its cancel link): the open
// checkout is closed at the provider and the order, with the discount code it reserved, released.
// Prices the cart on the server from the database (tax-inclusive prices, the buyer's VAT, the
// store's discount code, each seller plan's fee: shared/src/pricing.ts) and, unless previewing,
// records a pending order and opens a Stripe Checkout Session for it. Entitlements come later,
// from the verified webhook only. Errors: { error: { code, message, details? } }.
// Guests (anonymous sign-ins, is_anonymous in the JWT) check out with a required `email`: the
// order's buyer_email, the email of the order's Stripe customer and where the receipt goes.
import { callerClient, json, serviceClient } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { siteUrl } from '../_shared/env.ts';
import { PAYMENTS, PaymentFailure, stripeLocale } from '../_shared/payments.ts';
import { sendReceipt } from '../_shared/payouts.ts';
import { mailI18n, translatedTitles } from '../_shared/i18n.ts';
import type { I18n } from '@lingui/core';
import { paymentsConfigured, providerName, stripe, type Stripe } from '../_shared/stripe.ts';
import {
  getPlan,
  PricingError,
  quoteCart,
  type CartLineInput,
  type CartQuote,
  type DiscountRule,
  REFERRAL_ATTRIBUTION_DAYS,
  RESELLER_COMMISSION_BP,
} from '@stitchhouse/shared/pricing.ts';
// print licences a shop buys at once (the cart holds the same limit); above it: a typo or an attack
import { MAX_PRINT_QUANTITY } from '@stitchhouse/shared/cart/keys.ts';
import { REFERRAL_CODE_FORMAT } from '@stitchhouse/shared/partners/referral.ts';
import { cancelCheckoutRequest, checkoutRequest, type CheckoutItem, type CheckoutQuote } from '@stitchhouse/shared/contracts/checkout.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

type CartItem = CheckoutItem;

/** A cart's patterns with the store selling each: the rows are typed by the generated Database. */
function cartPatterns(ids: string[]) {
  return serviceClient()
    .from('patterns')
    .select('id, title, price_cents, currency, status, licence, store_id, stores!inner(name, plan, owner_id)')
    .in('id', ids);
}
type PatternRow = NonNullable<Awaited<ReturnType<typeof cartPatterns>>['data']>[number];
interface PricedLine {
  item: CartItem;
  pattern: PatternRow;
  unitPriceCents: number;
}

function checkQuantities(items: CartItem[]): void {
  if (items.length === 0) throw new PaymentFailure('empty_cart', 'Your cart is empty: add a pattern before checking out.');
  const seen = new Set<string>();
  for (const item of items) {
    const { quantity: q } = item;
    if (!Number.isInteger(q) || q < 1) {
      throw new PaymentFailure('invalid_quantity', `Quantity must be a whole number of at least 1 (got ${String(q)}).`, 400, { pattern_id: item.pattern_id });
    }
    if (item.kind === 'digital' && q !== 1) {
      throw new PaymentFailure('invalid_quantity', 'A digital pattern is bought once: its quantity must be 1.', 400, { pattern_id: item.pattern_id });
    }
    if (q > MAX_PRINT_QUANTITY) {
      throw new PaymentFailure('invalid_quantity', `At most ${MAX_PRINT_QUANTITY} print licences per line; contact the designer for more.`, 400, {
        pattern_id: item.pattern_id,
      });
    }
    const key = `${item.pattern_id}:${item.kind}`;
    if (seen.has(key)) throw new PaymentFailure('invalid_request', 'The same pattern is in the cart twice; change its quantity instead.');
    seen.add(key);
  }
}

async function priceLines(items: CartItem[], userId: string, token: string): Promise<PricedLine[]> {
  const db = serviceClient();
  const ids = [...new Set(items.map((i) => i.pattern_id))];
  const { data, error } = await cartPatterns(ids);
  if (error) throw error;
  const patterns = new Map(data.map((p) => [p.id, p]));

  const own = items.filter((i) => patterns.get(i.pattern_id)?.stores.owner_id === userId).map((i) => i.pattern_id);
  if (own.length) throw new PaymentFailure('own_pattern', 'You cannot buy a pattern from your own store.', 400, { pattern_ids: own });
  const unavailable = items.filter((i) => patterns.get(i.pattern_id)?.status !== 'published').map((i) => i.pattern_id);
  if (unavailable.length) {
    throw new PaymentFailure(
      'pattern_unavailable',
      unavailable.length === 1
        ? 'A pattern in your cart is no longer for sale; remove it to continue.'
        : `${unavailable.length} patterns in your cart are no longer for sale; remove them to continue.`,
      409,
      { pattern_ids: unavailable },
    );
  }

  const wholesaleIds = items.filter((i) => i.kind === 'wholesale_print').map((i) => i.pattern_id);
  const wholesale = new Map<string, { price_cents: number; currency: string; min_quantity: number }>();
  if (wholesaleIds.length) {
    const { data: approved } = await callerClient(token).rpc('is_wholesale_buyer');
    if (approved !== true) {
      throw new PaymentFailure('wholesale_not_approved', 'Print licences are for approved wholesale accounts; apply from your account page.', 403);
    }
    const { data: prices, error: priceError } = await db
      .from('pattern_wholesale_prices')
      .select('pattern_id, price_cents, currency, min_quantity')
      .in('pattern_id', wholesaleIds);
    if (priceError) throw priceError;
    for (const p of prices ?? []) wholesale.set(p.pattern_id as string, p as { price_cents: number; currency: string; min_quantity: number });
    const missing = wholesaleIds.filter((id) => !wholesale.has(id));
    if (missing.length) {
      throw new PaymentFailure('pattern_unavailable', 'A pattern in your cart has no print licence for sale.', 409, { pattern_ids: missing });
    }
  }

  const lines = items.map((item): PricedLine => {
    const pattern = patterns.get(item.pattern_id)!;
    if (item.kind === 'wholesale_print') {
      const price = wholesale.get(item.pattern_id)!;
      if (item.quantity < price.min_quantity) {
        throw new PaymentFailure('invalid_quantity', `Print licences of “${pattern.title}” come in at least ${price.min_quantity} copies.`, 400, {
          pattern_id: item.pattern_id,
          min_quantity: price.min_quantity,
        });
      }
      return { item, pattern: { ...pattern, currency: price.currency }, unitPriceCents: price.price_cents };
    }
    return { item, pattern, unitPriceCents: pattern.price_cents };
  });

  const free = lines.filter((l) => l.unitPriceCents === 0).map((l) => l.item.pattern_id);
  if (free.length) {
    throw new PaymentFailure('free_pattern', 'Free patterns are added to your library from their page (Get), not bought.', 400, { pattern_ids: free });
  }
  if (new Set(lines.map((l) => l.pattern.currency)).size > 1) {
    throw new PaymentFailure('mixed_currencies', 'Your cart mixes currencies; check out the patterns of each currency separately.', 400, {
      currencies: [...new Set(lines.map((l) => l.pattern.currency))],
    });
  }
  const digital = lines.filter((l) => l.item.kind === 'digital').map((l) => l.item.pattern_id);
  if (digital.length) {
    const { data: owned, error: ownedError } = await db
      .from('entitlements')
      .select('pattern_id')
      .eq('user_id', userId)
      .is('revoked_at', null)
      .in('pattern_id', digital);
    if (ownedError) throw ownedError;
    if (owned?.length) {
      throw new PaymentFailure('already_owned', 'You already own a pattern in your cart; it is in your library.', 409, {
        pattern_ids: owned.map((o) => o.pattern_id),
      });
    }
  }
  const changed = lines
    .filter((l) => l.item.expected_unit_price_cents !== undefined && l.item.expected_unit_price_cents !== l.unitPriceCents)
    .map((l) => ({ pattern_id: l.item.pattern_id, old_unit_price_cents: l.item.expected_unit_price_cents, new_unit_price_cents: l.unitPriceCents }));
  if (changed.length) {
    throw new PaymentFailure('price_changed', 'A price changed since you added it to your cart; check the new total.', 409, changed);
  }
  return lines;
}

/** The store's code for this cart, if valid now; redemptions and open checkouts' reservations (but the buyer's own) count against its limit. */
async function findDiscount(
  code: string,
  lines: PricedLine[],
  currency: string,
  buyerId: string,
): Promise<(DiscountRule & { id: string; expiresAt: string | null }) | null> {
  const normalised = code.trim().toUpperCase();
  if (!normalised) return null;
  const storeIds = [...new Set(lines.map((l) => l.pattern.store_id))];
  const { data, error } = await serviceClient()
    .from('discount_codes')
    .select('id, store_id, percent_off, amount_off_cents, currency, pattern_id, expires_at, max_redemptions, redemptions, active')
    .eq('code', normalised)
    .in('store_id', storeIds);
  if (error) throw error;
  const codes = (data ?? []).filter((c) => c.active);
  if (!codes.length) throw new PaymentFailure('discount_invalid', `The code ${normalised} is not valid for the patterns in your cart.`);
  const applicable = codes.filter((c) => lines.some((l) => l.pattern.store_id === c.store_id && (c.pattern_id === null || c.pattern_id === l.item.pattern_id)));
  if (!applicable.length) throw new PaymentFailure('discount_invalid', `The code ${normalised} applies to a pattern that is not in your cart.`);
  const current = applicable.filter((c) => !c.expires_at || Date.parse(c.expires_at as string) > Date.now());
  if (!current.length) throw new PaymentFailure('discount_expired', `The code ${normalised} has expired.`);
  const uses = await Promise.all(
    current.map(async (c) => {
      if (c.max_redemptions === null) return 0;
      const { data: used, error: usesError } = await serviceClient().rpc('discount_code_uses', { p_code: c.id, p_except_buyer: buyerId });
      if (usesError) throw usesError;
      return used as number;
    }),
  );
  const left = current.filter((c, i) => c.max_redemptions === null || uses[i]! < (c.max_redemptions as number));
  if (!left.length) throw new PaymentFailure('discount_exhausted', `The code ${normalised} has been used as many times as the store allows.`);
  const c = left[0]!;
  if (c.amount_off_cents !== null && c.currency !== currency) {
    throw new PaymentFailure('discount_invalid', `The code ${normalised} is in ${String(c.currency)} but your cart is in ${currency}.`);
  }
  return {
    id: c.id as string,
    storeId: c.store_id as string,
    patternId: (c.pattern_id as string | null) ?? null,
    percentOff: (c.percent_off as number | null) ?? null,
    amountOffCents: (c.amount_off_cents as number | null) ?? null,
    currency: (c.currency as string | null) ?? null,
    expiresAt: (c.expires_at as string | null) ?? null,
  };
}

/** Refusals of create_checkout_order that the buyer can act on: its hint is the contract's code. */
const ORDER_REFUSALS = new Set(['discount_invalid', 'discount_expired', 'discount_exhausted', 'country_unsupported']);

const SESSION_LIFETIME_S = 24 * 3600;
// Stripe refuses an expires_at under 30 minutes from creation; a minute of room for the clock
const SESSION_MIN_S = 31 * 60;

/**
 * When the checkout must end (Unix seconds): Stripe's default 24 h, or sooner when the discount code
 * expires sooner, so a discounted checkout cannot be paid after its code expired (except within
 * Stripe's 30-minute minimum: a code that expires in that window is honoured at the price shown).
 */
function checkoutExpiry(discount: { expiresAt: string | null } | null): number {
  const now = Math.floor(Date.now() / 1000);
  const codeEnds = discount?.expiresAt ? Math.floor(Date.parse(discount.expiresAt) / 1000) : Infinity;
  return Math.max(now + SESSION_MIN_S, Math.min(now + SESSION_LIFETIME_S, codeEnds));
}

/**
 * A buyer who clicks Buy again (another tab, a retry) must not be able to pay twice: their
 * earlier open checkouts for any of these patterns are expired (the expiry webhook closes those
 * orders). One that is being paid right now cannot be expired; its webhook decides.
 */
async function expireEarlierCheckouts(userId: string, patternIds: string[]): Promise<void> {
  if (patternIds.length === 0) return; // print licences may be bought again
  const { data, error } = await serviceClient()
    .from('orders')
    .select('id, provider_session_id, order_items!inner(pattern_id)')
    .eq('buyer_id', userId)
    .eq('status', 'pending')
    .not('provider_session_id', 'is', null)
    .in('order_items.pattern_id', patternIds);
  if (error) throw error;
  await Promise.all(
    (data ?? []).map(async (o) => {
      try {
        await stripe().checkout.sessions.expire(o.provider_session_id as string);
      } catch {
        return; // already complete or expired at the provider: its webhook decides
      }
      // expired at the provider now, so it can no longer be paid: the order (and the discount code it
      // reserved) is released at once instead of when the expiry webhook arrives
      const { error: expireError } = await serviceClient().from('orders').update({ status: 'expired' }).eq('id', o.id).eq('status', 'pending');
      if (expireError) throw expireError;
    }),
  );
}

function contractQuote(quote: CartQuote, lines: PricedLine[]): CheckoutQuote {
  return {
    currency: quote.currency,
    lines: quote.lines.map((q, i) => ({
      pattern_id: q.patternId,
      title: lines[i]!.pattern.title,
      store_name: lines[i]!.pattern.stores.name,
      kind: lines[i]!.item.kind,
      quantity: q.quantity,
      unit_price_cents: q.unitPriceCents,
      discount_cents: q.discountCents,
      vat_cents: q.vatCents,
      total_cents: q.totalCents,
    })),
    subtotal_cents: quote.subtotalCents,
    discount_cents: quote.discountCents,
    vat_cents: quote.vatCents,
    vat_rate_bp: quote.vatRateBp,
    total_cents: quote.totalCents,
  };
}

/**
 * The session's lines as Checkout, the receipt and the invoice show them, in the buyer's language:
 * a pattern's title in that language when its store wrote one, else its own title.
 */
function sessionLineItems(quote: CartQuote, lines: PricedLine[], i18n: I18n, titles: Map<string, string>): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return quote.lines
    .filter((q) => q.totalCents > 0)
    .map((q) => {
      const line = lines[quote.lines.indexOf(q)]!;
      const whole = q.discountCents > 0 && q.quantity > 1; // a discounted line may not divide into whole cents per copy
      const title = titles.get(q.patternId) ?? line.pattern.title;
      const print = line.item.kind === 'wholesale_print';
      // a whole line is one unit of Stripe's: its name says how many copies it is
      const values = { name: title, quantity: q.quantity };
      const name = whole
        ? print
          ? i18n._('email.receipt.printLicence', values)
          : i18n._('email.checkout.copies', values)
        : print
          ? i18n._('email.checkout.printLicence', values)
          : title;
      return {
        quantity: whole ? 1 : q.quantity,
        price_data: {
          currency: quote.currency.toLowerCase(),
          unit_amount: whole ? q.totalCents : q.totalCents / q.quantity,
          // prices include VAT; Stripe Tax (automatic_tax) takes it out of them
          tax_behavior: 'inclusive',
          product_data: {
            name,
            metadata: { pattern_id: q.patternId, store_id: q.storeId, kind: line.item.kind },
          },
        },
      };
    });
}

/**
 * The reseller's commission on this order, if the referral holds: the database checks the click
 * (this code, within the window), the reseller (approved, not the buyer) and records each line's
 * commission (RESELLER_COMMISSION_BP of its platform fee). A referral that does not hold, or fails
 * to record, never stops the purchase.
 */
async function attachReferral(orderId: string, referral: { code: string; click_id: string }): Promise<void> {
  const { data, error } = await serviceClient().rpc('attach_order_referral', {
    p_order: orderId,
    p_code: referral.code,
    p_click: referral.click_id,
    p_commission_bp: RESELLER_COMMISSION_BP,
    p_window_days: REFERRAL_ATTRIBUTION_DAYS,
  });
  if (error) console.error(`referral of order ${orderId} not recorded`, error.message);
  else if (!(data as { attributed: boolean }).attributed) console.info(`referral of order ${orderId} ignored: ${(data as { reason: string }).reason}`);
}

/** A typed partner code, if it is an approved reseller's and not the buyer's own; refused with a clear error otherwise. */
async function checkPartnerCode(code: string, buyerId: string, buyerEmail: string | null): Promise<string> {
  const unknown = () =>
    new PaymentFailure(
      'partner_code_invalid',
      `${code} is not a Stitchhouse partner code. Check it with the partner who gave it to you, or leave the field empty.`,
      400,
      { partner_code: code },
    );
  if (!REFERRAL_CODE_FORMAT.test(code)) throw unknown();
  const db = serviceClient();
  const { data, error } = await db.from('referral_codes').select('reseller_id').eq('code', code).maybeSingle();
  if (error) throw error;
  if (!data) throw unknown();
  const { data: approved, error: approvedError } = await db.rpc('is_approved_reseller', { p_user: data.reseller_id });
  if (approvedError) throw approvedError;
  if (approved !== true) throw unknown();
  // the reseller themselves: their account, or (a guest) their account's email address
  const { data: self, error: selfError } = await db.rpc('is_reseller_self', { p_reseller: data.reseller_id, p_buyer: buyerId, p_email: buyerEmail ?? '' });
  if (selfError) throw selfError;
  if (self === true) {
    throw new PaymentFailure('partner_code_own', 'That is your own partner code: your own purchases earn no commission. Leave the field empty.', 400, {
      partner_code: code,
    });
  }
  return code;
}

/** The typed code as a click made now (path /checkout tells it from link clicks), so it is the buyer's last click. */
async function clickNow(code: string): Promise<{ code: string; click_id: string } | null> {
  const { data, error } = await serviceClient().rpc('record_referral_click', { code, path: '/checkout' });
  if (error || typeof data !== 'string') {
    console.error(`partner code ${code} not recorded`, error?.message ?? 'refused');
    return null;
  }
  return { code, click_id: data };
}

/**
 * The buyer came back from the payment page without paying: their open checkout is expired at the
 * provider (so it cannot be paid any more) and the order marked expired at once, which releases the
 * discount code it reserved. Only the order's buyer may; a paid or closed order is left as it is.
 */
async function cancelCheckout(buyerId: string, orderId: string): Promise<Response> {
  const db = serviceClient();
  const { data: order, error } = await db
    .from('orders')
    .select('id, status, provider_session_id, failure_code, failure_message')
    .eq('id', orderId)
    .eq('buyer_id', buyerId)
    .maybeSingle();
  if (error) throw error;
  if (!order) throw new PaymentFailure('order_not_found', 'There is no such order of yours.', 404);
  if (order.status !== 'pending') return json({ order_id: order.id, status: order.status });
  if (order.provider_session_id) {
    try {
      await stripe().checkout.sessions.expire(order.provider_session_id as string);
    } catch {
      // paid or closed meanwhile: the webhook decides
      const { data: now } = await db.from('orders').select('status').eq('id', orderId).single();
      return json({ order_id: order.id, status: now?.status ?? order.status });
    }
  }
  // A card declined (or a failed bank check) before the buyer left stays the reason the error page
  // shows. Otherwise the reason is that they left, also when the provider's checkout.session.expired
  // event (sent by the expire above) has already closed the order without a reason.
  const declined = Boolean(order.failure_code || order.failure_message);
  const { data: closed, error: closeError } = await (
    declined
      ? db.from('orders').update({ status: 'expired' }).eq('id', orderId).eq('status', 'pending')
      : db
          .from('orders')
          .update({ status: 'expired', failure_code: 'cancelled', failure_message: 'You left the payment page before paying.' })
          .eq('id', orderId)
          .in('status', ['pending', 'expired'])
          .is('failure_code', null)
          .is('failure_message', null)
  ).select('status');
  if (closeError) throw closeError;
  return json({ order_id: order.id, status: closed?.[0]?.status ?? 'expired' });
}

async function checkout(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to check out.');
  const raw = (await req
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (raw && typeof raw === 'object' && 'cancel_order' in raw) {
    return cancelCheckout(caller.user.id, (await ctx.body(cancelCheckoutRequest)).cancel_order);
  }
  const body = await ctx.body(checkoutRequest);
  const guest = caller.user.is_anonymous === true;
  if (guest && !body.preview && !body.email) {
    throw new PaymentFailure('email_required', 'Enter your email address: your receipt and download links go there.');
  }
  const buyerEmail = guest ? (body.email ?? null) : (caller.user.email ?? null);
  checkQuantities(body.items);
  const lines = await priceLines(body.items, caller.user.id, caller.token);
  const currency = lines[0]!.pattern.currency;
  // the buyer's own open checkouts do not count against the code here: checking out again replaces
  // them (expireEarlierCheckouts, below); create_checkout_order counts again under the code's lock
  const discount = body.discount_code ? await findDiscount(body.discount_code, lines, currency, caller.user.id) : null;
  const partnerCode = body.partner_code ? await checkPartnerCode(body.partner_code, caller.user.id, buyerEmail) : null;

  let quote: CartQuote;
  try {
    quote = quoteCart(
      lines.map((l): CartLineInput => ({
        patternId: l.item.pattern_id,
        storeId: l.pattern.store_id,
        plan: getPlan(l.pattern.stores.plan).id,
        unitPriceCents: l.unitPriceCents,
        quantity: l.item.quantity,
      })),
      { currency, country: body.country, discount },
    );
  } catch (err) {
    if (err instanceof PricingError) throw new PaymentFailure('invalid_request', err.message);
    throw err;
  }
  const publicQuote = contractQuote(quote, lines);
  const partner = partnerCode ? { partner_code: partnerCode } : {};
  if (body.preview) return json({ quote: publicQuote, ...partner });
  if (!paymentsConfigured()) {
    throw new PaymentFailure('payments_unavailable', 'Payments are not set up on this server yet. Nothing was charged.', 503);
  }

  const db = serviceClient();
  // releases the buyer's earlier open checkouts of these patterns and the codes they reserved
  await expireEarlierCheckouts(
    caller.user.id,
    lines.filter((l) => l.item.kind === 'digital').map((l) => l.item.pattern_id),
  );
  const expiresAt = checkoutExpiry(discount);
  // the order reserves its discount code (row lock, redemptions + open reservations under the limit)
  const { data: orderId, error } = await db.rpc('create_checkout_order', {
    p_order: {
      buyer_id: caller.user.id,
      buyer_email: buyerEmail,
      currency,
      subtotal_cents: quote.subtotalCents,
      platform_fee_cents: quote.platformFeeCents,
      total_cents: quote.totalCents,
      provider: quote.totalCents === 0 ? 'free' : providerName(),
      vat_cents: quote.vatCents,
      vat_rate_bp: quote.vatRateBp,
      buyer_country: body.country,
      discount_cents: quote.discountCents,
      discount_code_id: discount?.id ?? null,
      expires_at: new Date(expiresAt * 1000).toISOString(),
    },
    p_items: quote.lines.map((q, i) => ({
      pattern_id: q.patternId,
      store_id: q.storeId,
      kind: lines[i]!.item.kind,
      quantity: q.quantity,
      unit_price_cents: q.unitPriceCents,
      platform_fee_cents: q.platformFeeCents,
      currency,
      licence: lines[i]!.item.kind === 'wholesale_print' ? 'small_business' : lines[i]!.pattern.licence,
      vat_cents: q.vatCents,
      discount_cents: q.discountCents,
      title: lines[i]!.pattern.title,
    })),
  });
  if (error) {
    if (error.hint && ORDER_REFUSALS.has(error.hint)) throw new PaymentFailure(error.hint, error.message);
    throw error;
  }
  const id = orderId as string;
  // the language the buyer checked out in: Stripe's page, and the receipt of a buyer without a saved one
  const locale = await stripeLocale(caller.user.id, body.locale);
  if (locale) {
    const { error: localeError } = await db.from('orders').update({ locale }).eq('id', id);
    if (localeError) throw localeError;
  }
  const referral = partnerCode ? ((await clickNow(partnerCode)) ?? body.referral) : body.referral;
  if (referral) await attachReferral(id, referral);
  const success = siteLink(siteUrl(), '/payment/success', {}, { order: id });

  if (quote.totalCents === 0) {
    // a 100 % discount: nothing to charge, fulfilled at once
    const { error: paidError } = await db.rpc('payments_mark_paid', { p_order_id: id, p_facts: { session: { amount_total: 0 } } });
    if (paidError) throw paidError;
    await sendReceipt(id);
    return json({ order_id: id, url: success, quote: publicQuote, ...partner });
  }

  let session: Stripe.Checkout.Session;
  try {
    // the buyer as a customer in the cart's country: Stripe Tax starts from it, the page preselects it
    // (customer_update: what the buyer picks there is saved back)
    const customer = await stripe().customers.create(
      {
        ...(buyerEmail ? { email: buyerEmail } : {}),
        address: { country: body.country },
        metadata: { order_id: id },
        // Stripe's receipt and invoice in the buyer's language
        ...(locale ? { preferred_locales: [locale] } : {}),
      },
      { idempotencyKey: `checkout-customer-${id}` },
    );
    session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        line_items: sessionLineItems(
          quote,
          lines,
          mailI18n(locale),
          await translatedTitles(
            db,
            quote.lines.map((q) => q.patternId),
            locale,
          ),
        ),
        customer: customer.id,
        customer_update: { address: 'auto' },
        client_reference_id: id,
        metadata: { order_id: id },
        success_url: success,
        cancel_url: siteLink(siteUrl(), '/payment/error', {}, { order: id, reason: 'cancelled' }),
        // 24 h, or until the discount code expires (the provider's clock then counts); the order keeps what the session says
        ...(expiresAt < Math.floor(Date.now() / 1000) + SESSION_LIFETIME_S - 60 ? { expires_at: expiresAt } : {}),
        payment_intent_data: { transfer_group: id, metadata: { order_id: id } },
        automatic_tax: { enabled: true },
        // Stripe's dynamic payment methods, kept to cards (with the Apple Pay and Google Pay wallets,
        // shown where the buyer's device has them) and PayPal: Checkout offers those of them the
        // account has turned on and the cart's currency takes
        allowed_payment_method_types: ['card', 'paypal'],
        // the page in the buyer's language (Stripe's `auto`, the browser's, when we know none)
        ...(locale ? { locale } : {}),
      },
      { idempotencyKey: `checkout-${id}` },
    );
  } catch (err) {
    await db
      .from('orders')
      .update({ status: 'failed', failure_code: 'payments_unavailable', failure_message: 'The payment page could not be opened.' })
      .eq('id', id);
    throw err;
  }
  const { error: sessionError } = await db
    .from('orders')
    .update({ provider_session_id: session.id, expires_at: new Date(session.expires_at * 1000).toISOString() })
    .eq('id', id);
  if (sessionError) throw sessionError;
  return json({ order_id: id, url: session.url, quote: publicQuote, ...partner });
}

Deno.serve(handler({ name: 'checkout', ...PAYMENTS }, checkout));
