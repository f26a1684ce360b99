// Orders through the same triggers as real checkouts, free claims and past downloads.
import type { DemoPattern } from './catalog.ts';
import { json, type Queryable } from './db.ts';
import { makers, partners, storeOwners, type DemoStore } from './people.ts';
import { daysBefore, prng, stableUuid } from './prng.ts';
import { quoteCart } from '../../shared/src/pricing.ts';

/** Where the demo buyers live, for VAT (EU rates; none for GB and US). */
const BUYER_COUNTRIES = ['DE', 'FR', 'GB', 'US', 'NL', 'IE', 'IT'] as const;

/** Orders (paid, refunded, failed, pending), free claims and downloads for the demo buyers. */
export async function insertPurchases(pool: Queryable, patterns: DemoPattern[], stores: DemoStore[]): Promise<void> {
  const r = prng('stitchhouse-demo-orders');
  const storeById = new Map(stores.map((s) => [s.id, s]));
  const paid = patterns.filter((p) => p.status === 'published' && p.price_cents > 0);
  const free = patterns.filter((p) => p.status === 'published' && p.price_cents === 0);
  // a few patterns are clearly the best sellers (popularity ~ 1/rank)
  const popular = (): DemoPattern => paid[Math.min(paid.length - 1, Math.floor(paid.length * Math.pow(r.next(), 2.2)))]!;

  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const buyers = [...makers, partners[0]!, storeOwners.find((u) => u.key === 'the-cotton-reel')!];
  let n = 0;
  for (const buyer of buyers) {
    const owned = new Set<string>();
    const orderCount = r.int(3, 7);
    for (let o = 0; o < orderCount; o++) {
      const first = popular();
      const basket = [first];
      for (let k = r.int(0, 2); k > 0; k--) {
        const extra = popular();
        if (extra.currency === first.currency && !basket.includes(extra)) basket.push(extra);
      }
      const fresh = basket.filter((p) => !owned.has(p.id));
      if (fresh.length === 0) continue;
      n += 1;
      const status = n % 17 === 0 ? 'refunded' : n % 23 === 0 ? 'failed' : n % 29 === 0 ? 'pending' : 'paid';
      if (status === 'paid') fresh.forEach((p) => owned.add(p.id));
      const orderId = stableUuid(`order:${n}`);
      const created = daysBefore(r.int(5, 300), r.int(0, 23));
      // the same maths as the checkout function: tax-inclusive prices, the buyer's VAT, each plan's fee
      const country = BUYER_COUNTRIES[buyers.indexOf(buyer) % BUYER_COUNTRIES.length]!;
      const quote = quoteCart(fresh.map((p) => ({ patternId: p.id, storeId: p.store_id, plan: storeById.get(p.store_id)!.plan,
        unitPriceCents: p.price_cents, quantity: 1 })), { currency: first.currency, country });
      const subtotal = quote.subtotalCents;
      const fee = quote.platformFeeCents;
      fresh.forEach((p, i) => {
        const q = quote.lines[i]!;
        items.push({ id: stableUuid(`order-item:${n}:${p.id}`), order_id: orderId, pattern_id: p.id, store_id: p.store_id,
          unit_price_cents: p.price_cents, platform_fee_cents: q.platformFeeCents, vat_cents: q.vatCents, title: p.title,
          currency: p.currency, licence: p.licence, created_at: created });
      });
      orders.push({ id: orderId, buyer_id: buyer.id, buyer_email: buyer.email, status, currency: first.currency,
        subtotal_cents: subtotal, platform_fee_cents: fee, total_cents: subtotal, provider: 'sandbox',
        vat_cents: quote.vatCents, vat_rate_bp: quote.vatRateBp, buyer_country: country,
        amount_refunded_cents: status === 'refunded' ? subtotal : 0,
        provider_session_id: `cs_sandbox_demo_${n}`, created_at: created,
        paid_at: status === 'paid' || status === 'refunded' ? created : null,
        refunded_at: status === 'refunded' ? daysBefore(1) : null });
      if (status !== 'pending') {
        events.push({ provider: 'sandbox', provider_event_id: `evt_sandbox_demo_${n}`,
          type: status === 'failed' ? 'checkout.session.async_payment_failed' : 'checkout.session.completed',
          payload: { order_id: orderId, session_id: `cs_sandbox_demo_${n}` }, received_at: created, processed_at: created });
      }
      if (status === 'refunded') {
        events.push({ provider: 'sandbox', provider_event_id: `evt_sandbox_demo_${n}_refund`, type: 'charge.refunded',
          payload: { order_id: orderId }, received_at: daysBefore(1), processed_at: daysBefore(1) });
      }
    }
  }
  // Insert orders as pending with their items, then mark them paid/refunded so the same
  // triggers that serve real checkouts grant (and revoke) the entitlements.
  await pool.query(
    `insert into public.orders (id, buyer_id, buyer_email, status, currency, subtotal_cents, platform_fee_cents, total_cents,
                                provider, provider_session_id, created_at, vat_cents, vat_rate_bp, buyer_country, amount_refunded_cents,
                                receipt_sent_at)
     select id, buyer_id, buyer_email, case when status = 'failed' then 'failed' else 'pending' end, currency, subtotal_cents,
            platform_fee_cents, total_cents, provider, provider_session_id, created_at, vat_cents, vat_rate_bp, buyer_country,
            amount_refunded_cents, case when status in ('paid', 'refunded') then created_at end
       from jsonb_populate_recordset(null::public.orders, $1::jsonb)
     on conflict (id) do nothing`,
    [json(orders)],
  );
  await pool.query(
    `insert into public.order_items (id, order_id, pattern_id, store_id, unit_price_cents, platform_fee_cents, currency, licence, created_at,
                                     vat_cents, title)
     select id, order_id, pattern_id, store_id, unit_price_cents, platform_fee_cents, currency, licence, created_at, vat_cents, title
       from jsonb_populate_recordset(null::public.order_items, $1::jsonb)
     on conflict (id) do nothing`,
    [json(items)],
  );
  for (const step of ['paid', 'refunded'] as const) {
    if (step === 'refunded') {
      // refunds are per line: the lines first, then the order (whose trigger revokes them)
      await pool.query(
        `update public.order_items i set refunded_at = d.refunded_at, refund_requested_at = d.refunded_at
           from jsonb_populate_recordset(null::public.orders, $1::jsonb) d
          where i.order_id = d.id and d.status = 'refunded' and i.refunded_at is null`,
        [json(orders)],
      );
    }
    await pool.query(
      `update public.orders o set status = $2, paid_at = d.paid_at, refunded_at = d.refunded_at
         from jsonb_populate_recordset(null::public.orders, $1::jsonb) d
        where o.id = d.id and o.status <> d.status
          and ($2 = 'paid' and d.status in ('paid', 'refunded') and o.status = 'pending'
               or $2 = 'refunded' and d.status = 'refunded' and o.status = 'paid')`,
      [json(orders), step],
    );
  }
  await pool.query(
    `insert into public.payment_events (provider, provider_event_id, type, payload, received_at, processed_at)
     select provider, provider_event_id, type, payload, received_at, processed_at
       from jsonb_populate_recordset(null::public.payment_events, $1::jsonb)
     on conflict do nothing`,
    [json(events)],
  );
  // free patterns added to libraries, as claim_free_pattern() does
  const claims = makers.flatMap((m, i) => r.sample(free, 2 + (i % 3)).map((p) => ({ user_id: m.id, pattern_id: p.id, source: 'free', granted_at: daysBefore(r.int(2, 200)) })));
  await pool.query(
    `insert into public.entitlements (user_id, pattern_id, source, granted_at)
     select user_id, pattern_id, source, granted_at from jsonb_populate_recordset(null::public.entitlements, $1::jsonb)
     on conflict do nothing`,
    [json(claims)],
  );
  // some downloads in the past (reports, and "downloaded before" in the library)
  await pool.query(
    `insert into public.downloads (user_id, pattern_id, format, version, created_at)
     select e.user_id, e.pattern_id, p.formats[1], p.current_version, e.granted_at + interval '3 minutes'
       from public.entitlements e join public.patterns p on p.id = e.pattern_id
      where e.user_id = any($1::uuid[])
        and not exists (select 1 from public.downloads d where d.user_id = e.user_id and d.pattern_id = e.pattern_id)`,
    [buyers.map((b) => b.id)],
  );
}
