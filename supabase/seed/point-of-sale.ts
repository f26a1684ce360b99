// Point-of-sale demo data on top of insertProgrammes' till sales: The Cotton Reel on Pro (the till
// API is part of it); every seeded in-shop sale owes
// the royalty of shared/src/pricing.ts (printRoyalty: the rate and the platform's share by the
// designer's plan), a revoked second till key for The Cotton Reel, and one CSV-uploaded sale a
// month for the last six months so the monthly settlement has history. Idempotent.
import type { Queryable } from './db.ts';
import { daysBefore, stableUuid } from './prng.ts';
import { printRoyalty } from '../../shared/src/pricing.ts';

export async function insertPointOfSale(pool: Queryable): Promise<number> {
  const shop = (
    await pool.query(
      `select s.id, s.owner_id from public.stores s join auth.users u on u.id = s.owner_id
      where u.email = 'gloria@cottonreel.test' and s.kind = 'retailer' limit 1`,
    )
  ).rows[0] as { id: string; owner_id: string } | undefined;
  if (!shop) return 0;
  // The till API is part of Pro: the demo shop with a till is on it.
  await pool.query(`update public.stores set plan = 'pro' where id = $1`, [shop.id]);
  await pool.query(
    `insert into public.subscriptions (id, store_id, plan, status, provider, provider_subscription_id, current_period_start, current_period_end, created_at)
     values ($1, $2, 'pro', 'active', 'sandbox', 'sub_sandbox_the_cotton_reel', $3, $4, $5) on conflict do nothing`,
    [stableUuid('subscription:the-cotton-reel'), shop.id, daysBefore(10), daysBefore(-20), daysBefore(200)],
  );
  await pool.query(
    `insert into public.pos_keys (id, store_id, name, prefix, key_hash, created_by, created_at, last_used_at, revoked_at)
     values ($1, $2, 'Old market stall tablet', 'shpos_0ld5ta',
             encode(sha256(convert_to($7, 'UTF8')), 'hex'), $3, $4, $5, $6)
     on conflict do nothing`,
    [
      stableUuid('pos-key:the-cotton-reel:revoked'),
      shop.id,
      shop.owner_id,
      daysBefore(200),
      daysBefore(60),
      daysBefore(45),
      'demo revoked key of the old market stall tablet',
    ],
  );
  const carried = (await pool.query(`select st.pattern_id from public.store_stock st where st.store_id = $1 order by st.pattern_id limit 6`, [shop.id]))
    .rows as { pattern_id: string }[];
  for (const [i, c] of carried.entries()) {
    await pool.query(
      `insert into public.pos_sales (store_id, pattern_id, quantity, unit_price_cents, currency, source, external_id, sold_at)
       values ($1, $2, $3, 1800, 'GBP', 'csv', $4, $5) on conflict do nothing`,
      [shop.id, c.pattern_id, 1 + (i % 3), `cotton-reel-csv-${i + 1}`, daysBefore(15 + 30 * i, 11)],
    );
  }
  // the royalty of every seeded sale, by the one rule
  const sales = (
    await pool.query(
      `select s.id, s.quantity, p.price_cents, p.currency, d.plan
       from public.pos_sales s join public.patterns p on p.id = s.pattern_id join public.stores d on d.id = p.store_id`,
    )
  ).rows as { id: string; quantity: number; price_cents: number; currency: string; plan: string }[];
  const royalties = sales.map((s) => {
    const split = printRoyalty(s.price_cents, s.quantity, s.currency, s.plan);
    return { id: s.id, royalty_cents: split.price, royalty_fee_cents: split.platformFee, royalty_currency: split.currency };
  });
  await pool.query(
    `update public.pos_sales s set royalty_cents = r.royalty_cents, royalty_fee_cents = r.royalty_fee_cents, royalty_currency = r.royalty_currency
       from jsonb_to_recordset($1::jsonb) as r(id uuid, royalty_cents integer, royalty_fee_cents integer, royalty_currency text)
      where s.id = r.id`,
    [JSON.stringify(royalties)],
  );
  return sales.length;
}
