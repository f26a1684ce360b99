// A year of orders up to the seed's anchor (the first start), through the same triggers as real
// checkouts, plus free claims and past downloads. planOrders() is pure: the same patterns and
// anchor give the same history, so the demo is deterministic apart from the day it starts.
import type { DemoPattern } from './catalog.ts';
import { json, type Queryable } from './db.ts';
import { makers, partners, shoppers, storeOwners, type DemoStore, type DemoUser } from './people.ts';
import { secondVersions } from './patterns.ts';
import { daysBefore, demoAnchor, prng, stableUuid, type Prng } from './prng.ts';
import { quoteCart } from '../../shared/src/pricing.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** How far back the demo shop trades. */
export const HISTORY_DAYS = 365;

/** Where the demo personas live, for VAT (DE, FR, GB, US, NL, IE, IT in turn). */
const PERSONA_COUNTRIES = ['DE', 'FR', 'GB', 'US', 'NL', 'IE', 'IT'] as const;

/** How much more a pattern sells in a month (1–12) than on average: knits in the cold, dresses in spring, toys before Christmas. */
export function seasonOf(pattern: Pick<DemoPattern, 'craft' | 'category'>, month: number): number {
  const pick = (table: number[]) => table[month - 1]!;
  //                                J    F    M    A    M    J    J    A    S    O    N    D
  if (pattern.craft === 'knitting' || pattern.craft === 'crochet') return pick([2.2, 1.8, 1.1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.1, 1.9, 2.4, 2.3]);
  if (['dress', 'skirt', 'top', 'jumpsuit'].includes(pattern.category)) return pick([0.7, 1.0, 2.0, 2.5, 2.3, 1.5, 1.1, 0.9, 0.6, 0.5, 0.5, 0.6]);
  if (['coat', 'jacket', 'sweater', 'cardigan', 'trousers'].includes(pattern.category))
    return pick([1.2, 0.9, 0.8, 0.6, 0.5, 0.5, 0.6, 0.9, 1.5, 1.8, 1.6, 1.1]);
  if (pattern.category === 'toy' || pattern.category === 'ornament') return pick([0.7, 0.7, 0.8, 0.8, 0.8, 0.8, 0.8, 0.9, 1.0, 1.2, 2.0, 2.3]);
  if (pattern.craft === 'quilting') return pick([1.4, 1.3, 1.0, 0.9, 0.8, 0.7, 0.7, 0.8, 1.0, 1.1, 1.3, 1.4]);
  return 1;
}

type Row = Record<string, unknown>;
export interface OrderPlan {
  orders: Row[];
  items: Row[];
  events: Row[];
}

interface Buyer {
  user: DemoUser;
  country: string;
}

/**
 * The demo year: the personas' own few orders (their libraries) and the marketplace's other
 * shoppers' orders, more as the year goes on, by the seasons of each craft, with refunds, failed
 * and pending payments and The Cotton Reel's print licences; the last ones on the anchor's own day.
 */
export function planOrders(patterns: DemoPattern[], stores: DemoStore[], anchor: number): OrderPlan {
  const r = prng('stitchhouse-demo-orders');
  const storeById = new Map(stores.map((s) => [s.id, s]));
  const publishedAt = new Map(patterns.map((p) => [p.id, p.published_at ? Date.parse(p.published_at) : Infinity]));
  const paid = patterns.filter((p) => p.status === 'published' && p.price_cents > 0);
  // a few patterns are clearly the best sellers (popularity ~ 1/rank), Pro stores sell more
  const weight = paid.map((p, rank) => (storeById.get(p.store_id)?.plan === 'pro' ? 2.2 : 1) / Math.pow(rank + 4, 0.8));
  const byMonth = Array.from({ length: 12 }, (_, m) => {
    let total = 0;
    return paid.map((p, i) => (total += weight[i]! * seasonOf(p, m + 1)));
  });
  const draw = (month: number): DemoPattern => {
    const cumulative = byMonth[month - 1]!;
    const x = r.next() * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return paid[lo]!;
  };
  /** A time on the day `daysAgo` before the anchor, never after it (on the anchor's day: before its hour). */
  const timeOn = (daysAgo: number): number => {
    const dayStart = Math.floor(anchor / DAY) * DAY - daysAgo * DAY;
    const until = daysAgo === 0 ? anchor - dayStart : DAY;
    // shoppers shop in the day and the evening more than at night
    const hour = 7 + r.next() * 16;
    return dayStart + Math.min(until - 60_000, Math.max(0, hour * HOUR * (until / DAY)));
  };

  const orders: Row[] = [];
  const items: Row[] = [];
  const events: Row[] = [];
  const owned = new Map<string, Set<string>>();
  let n = 0;

  const place = (
    buyer: Buyer,
    at: number,
    lines: { pattern: DemoPattern; kind: 'digital' | 'wholesale_print'; quantity: number; unit: number }[],
    status: 'paid' | 'refunded' | 'failed' | 'pending',
  ) => {
    n += 1;
    const orderId = stableUuid(`order:${n}`);
    const created = new Date(at).toISOString();
    const currency = lines[0]!.pattern.currency;
    // the same maths as the checkout function: tax-inclusive prices, the buyer's VAT, each plan's fee
    const quote = quoteCart(
      lines.map((l) => ({
        patternId: l.pattern.id,
        storeId: l.pattern.store_id,
        plan: storeById.get(l.pattern.store_id)!.plan,
        unitPriceCents: l.unit,
        quantity: l.quantity,
      })),
      { currency, country: buyer.country },
    );
    const refundedAt = status === 'refunded' ? new Date(Math.min(anchor - 60_000, at + r.int(2, 240) * HOUR)).toISOString() : null;
    lines.forEach((l, i) => {
      const q = quote.lines[i]!;
      items.push({
        id: stableUuid(`order-item:${n}:${l.pattern.id}`),
        order_id: orderId,
        pattern_id: l.pattern.id,
        store_id: l.pattern.store_id,
        kind: l.kind,
        quantity: l.quantity,
        unit_price_cents: l.unit,
        platform_fee_cents: q.platformFeeCents,
        vat_cents: q.vatCents,
        title: l.pattern.title,
        currency,
        licence: l.kind === 'wholesale_print' ? 'small_business' : l.pattern.licence,
        created_at: created,
      });
    });
    orders.push({
      id: orderId,
      buyer_id: buyer.user.id,
      buyer_email: buyer.user.email,
      status,
      currency,
      subtotal_cents: quote.subtotalCents,
      platform_fee_cents: quote.platformFeeCents,
      total_cents: quote.totalCents,
      provider: 'sandbox',
      vat_cents: quote.vatCents,
      vat_rate_bp: quote.vatRateBp,
      buyer_country: buyer.country,
      amount_refunded_cents: status === 'refunded' ? quote.totalCents : 0,
      provider_session_id: `cs_sandbox_demo_${n}`,
      created_at: created,
      paid_at: status === 'paid' || status === 'refunded' ? created : null,
      refunded_at: refundedAt,
    });
    if (status !== 'pending') {
      events.push({
        provider: 'sandbox',
        provider_event_id: `evt_sandbox_demo_${n}`,
        type: status === 'failed' ? 'checkout.session.async_payment_failed' : 'checkout.session.completed',
        payload: { order_id: orderId, session_id: `cs_sandbox_demo_${n}` },
        received_at: created,
        processed_at: created,
      });
    }
    if (refundedAt) {
      events.push({
        provider: 'sandbox',
        provider_event_id: `evt_sandbox_demo_${n}_refund`,
        type: 'charge.refunded',
        payload: { order_id: orderId },
        received_at: refundedAt,
        processed_at: refundedAt,
      });
    }
  };

  /** A digital basket of one to three patterns of one currency the buyer does not own yet, sold by then. */
  const basket = (buyer: Buyer, at: number) => {
    const month = new Date(at).getUTCMonth() + 1;
    const mine = owned.get(buyer.user.id) ?? new Set<string>();
    owned.set(buyer.user.id, mine);
    const picked: DemoPattern[] = [];
    for (let k = 0, size = r.chance(0.75) ? 1 : r.int(2, 3); k < size * 3 && picked.length < size; k++) {
      const p = draw(month);
      if (publishedAt.get(p.id)! > at || mine.has(p.id) || picked.includes(p)) continue;
      if (picked.length > 0 && p.currency !== picked[0]!.currency) continue;
      picked.push(p);
    }
    return picked;
  };
  const status = () => {
    const roll = r.next();
    return roll < 0.045 ? ('refunded' as const) : roll < 0.065 ? ('failed' as const) : roll < 0.075 ? ('pending' as const) : ('paid' as const);
  };
  const buy = (buyer: Buyer, at: number) => {
    const picked = basket(buyer, at);
    if (picked.length === 0) return;
    const s = status();
    if (s === 'paid') picked.forEach((p) => owned.get(buyer.user.id)!.add(p.id));
    place(
      buyer,
      at,
      picked.map((pattern) => ({ pattern, kind: 'digital' as const, quantity: 1, unit: pattern.price_cents })),
      s,
    );
  };

  // The personas: a handful of orders each, spread over the year (their libraries, receipts and refunds).
  const personas: Buyer[] = [...makers, partners[0]!, storeOwners.find((u) => u.key === 'the-cotton-reel')!].map((user, i) => ({
    user,
    country: PERSONA_COUNTRIES[i % PERSONA_COUNTRIES.length]!,
  }));
  for (const buyer of personas) {
    for (let o = r.int(3, 7); o > 0; o--) buy(buyer, timeOn(r.int(1, 330)));
  }
  // Rosa bought a pattern that has since had a second version: her library shows it as Updated
  const rosa = personas[0]!;
  const updated = [...secondVersions(patterns).values()]
    .map((v) => v.pattern)
    .find((p) => paid.includes(p) && publishedAt.get(p.id)! < anchor - 90 * DAY && !owned.get(rosa.user.id)?.has(p.id));
  if (updated) {
    owned.get(rosa.user.id)?.add(updated.id);
    place(rosa, timeOn(r.int(40, 80)), [{ pattern: updated, kind: 'digital', quantity: 1, unit: updated.price_cents }], 'paid');
  }
  // Everyone else, day by day: about 2.5 orders a day, growing through the year, busier at weekends.
  const crowd: Buyer[] = shoppers.map((s) => ({ user: s, country: s.country }));
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = Math.floor(anchor / DAY) * DAY - daysAgo * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 0.65 + 0.7 * (1 - daysAgo / HISTORY_DAYS);
    const expected = 2.4 * growth * (weekday === 0 || weekday === 6 ? 1.3 : 0.9) * (daysAgo === 0 ? Math.max(0.35, (anchor - dayStart) / DAY) : 1);
    const count = Math.floor(expected + r.next()) + (daysAgo === 0 ? 1 : 0);
    for (let k = 0; k < count; k++) buy(r.pick(crowd), timeOn(daysAgo));
  }

  // and the demo designer (Blue Thimble, README) has sold something on the anchor's own day, so
  // "This month" is never empty on the day of the first start, not even on the 1st
  const ada = paid.filter((p) => storeById.get(p.store_id)?.key === 'blue-thimble' && publishedAt.get(p.id)! < anchor);
  for (const pattern of ada.slice(0, 2)) {
    const buyer = crowd.find((b) => !owned.get(b.user.id)?.has(pattern.id));
    if (!buyer) continue;
    owned.set(buyer.user.id, (owned.get(buyer.user.id) ?? new Set()).add(pattern.id));
    place(buyer, timeOn(0), [{ pattern, kind: 'digital', quantity: 1, unit: pattern.price_cents }], 'paid');
  }

  // The Cotton Reel (approved wholesale) buys print licences every week or two, all year.
  const reel: Buyer = { user: storeOwners.find((u) => u.key === 'the-cotton-reel')!, country: 'US' };
  const licensable = paid.filter((p) => p.wholesale_price_cents !== null && p.currency === 'USD');
  const favourite = licensable.filter((p) => storeById.get(p.store_id)?.key === 'blue-thimble');
  for (let daysAgo = HISTORY_DAYS - 4; daysAgo >= 0; daysAgo -= r.int(6, 14)) {
    const at = timeOn(Math.max(1, daysAgo));
    const choice = r.sample(
      licensable.filter((p) => publishedAt.get(p.id)! <= at),
      r.int(1, 3),
    );
    // the shop's best sellers are Blue Thimble's: one of them is restocked in most orders
    const fav = favourite.filter((p) => publishedAt.get(p.id)! <= at);
    if (fav.length > 0 && (daysAgo < 20 || r.chance(0.6)) && !choice.some((p) => fav.includes(p))) choice[0] = r.pick(fav);
    const lines = [...new Set(choice)].map((pattern) => ({
      pattern,
      kind: 'wholesale_print' as const,
      quantity: r.pick([3, 5, 6, 10, 12]),
      unit: pattern.wholesale_price_cents!,
    }));
    if (lines.length > 0) place(reel, at, lines, r.chance(0.05) ? 'refunded' : 'paid');
  }
  return { orders, items, events };
}

/** Orders (paid, refunded, failed, pending) of the demo year, free claims and downloads. */
export async function insertPurchases(pool: Queryable, patterns: DemoPattern[], stores: DemoStore[]): Promise<number> {
  const { orders, items, events } = planOrders(patterns, stores, demoAnchor());
  const r: Prng = prng('stitchhouse-demo-claims');
  const free = patterns.filter((p) => p.status === 'published' && p.price_cents === 0);
  // Insert orders as pending with their items, then mark them paid/refunded so the same
  // triggers that serve real checkouts grant (and revoke) the entitlements. Statuses travel in
  // the JSON (typed by the orders row type), never as SQL text.
  const paidOrRefunded = orders.filter((o) => o.status === 'paid' || o.status === 'refunded');
  await pool.query(
    `insert into public.orders (id, buyer_id, buyer_email, status, currency, subtotal_cents, platform_fee_cents, total_cents,
                                provider, provider_session_id, created_at, vat_cents, vat_rate_bp, buyer_country, amount_refunded_cents,
                                receipt_sent_at)
     select id, buyer_id, buyer_email, status, currency, subtotal_cents, platform_fee_cents, total_cents, provider, provider_session_id,
            created_at, vat_cents, vat_rate_bp, buyer_country, amount_refunded_cents, receipt_sent_at
       from jsonb_populate_recordset(null::public.orders, $1::jsonb)
     on conflict (id) do nothing`,
    [json(orders.map((o) => ({ ...o, status: o.status === 'failed' ? 'failed' : 'pending', paid_at: null, refunded_at: null, receipt_sent_at: o.paid_at })))],
  );
  await pool.query(
    `insert into public.order_items (id, order_id, pattern_id, store_id, kind, quantity, unit_price_cents, platform_fee_cents, currency, licence,
                                     created_at, vat_cents, title)
     select id, order_id, pattern_id, store_id, kind, quantity, unit_price_cents, platform_fee_cents, currency, licence, created_at, vat_cents, title
       from jsonb_populate_recordset(null::public.order_items, $1::jsonb)
     on conflict (id) do nothing`,
    [json(items)],
  );
  await pool.query(
    `update public.orders o set status = d.status, paid_at = d.paid_at
       from jsonb_populate_recordset(null::public.orders, $1::jsonb) d
      where o.id = d.id and o.status = 'pending'`,
    [json(paidOrRefunded.map((o) => ({ id: o.id, status: 'paid', paid_at: o.paid_at })))],
  );
  // refunds are per line: the lines first, then the order (whose trigger revokes them)
  const refunded = orders.filter((o) => o.status === 'refunded').map((o) => ({ id: o.id, status: 'refunded', refunded_at: o.refunded_at }));
  await pool.query(
    `update public.order_items i set refunded_at = d.refunded_at, refund_requested_at = d.refunded_at
       from jsonb_populate_recordset(null::public.orders, $1::jsonb) d
      where i.order_id = d.id and i.refunded_at is null`,
    [json(refunded)],
  );
  await pool.query(
    `update public.orders o set status = d.status, refunded_at = d.refunded_at
       from jsonb_populate_recordset(null::public.orders, $1::jsonb) d
      where o.id = d.id and o.status = 'paid'`,
    [json(refunded)],
  );
  // a purchase is in the library from the moment it was paid, not from the day the seed ran
  await pool.query(
    `update public.entitlements e set granted_at = o.paid_at
       from public.order_items i join public.orders o on o.id = i.order_id
      where e.order_item_id = i.id and o.paid_at is not null and e.granted_at > o.paid_at`,
  );
  await pool.query(
    `insert into public.payment_events (provider, provider_event_id, type, payload, received_at, processed_at)
     select provider, provider_event_id, type, payload, received_at, processed_at
       from jsonb_populate_recordset(null::public.payment_events, $1::jsonb)
     on conflict do nothing`,
    [json(events)],
  );
  // free patterns added to libraries, as claim_free_pattern() does
  const claims = [...makers, ...shoppers.slice(0, 60)].flatMap((m, i) =>
    r.sample(free, 1 + (i % 3)).map((p) => ({
      user_id: m.id,
      pattern_id: p.id,
      source: 'free',
      granted_at: daysBefore(r.int(1, Math.min(200, Math.max(1, Math.floor((demoAnchor() - Date.parse(p.published_at!)) / DAY))))),
    })),
  );
  await pool.query(
    `insert into public.entitlements (user_id, pattern_id, source, granted_at)
     select user_id, pattern_id, source, granted_at from jsonb_populate_recordset(null::public.entitlements, $1::jsonb)
     on conflict do nothing`,
    [json(claims)],
  );
  // most buyers download soon after buying (reports, and "downloaded before" in the library)
  await pool.query(
    `insert into public.downloads (user_id, pattern_id, format, version, created_at)
     select e.user_id, e.pattern_id, p.formats[1], 1, least(e.granted_at + interval '3 minutes' + (abs(hashtext(e.id::text)) % 600) * interval '1 minute', now())
       from public.entitlements e join public.patterns p on p.id = e.pattern_id
      where abs(hashtext(e.id::text || 'download')) % 100 < 85
        and not exists (select 1 from public.downloads d where d.user_id = e.user_id and d.pattern_id = e.pattern_id)`,
  );
  return orders.length;
}
