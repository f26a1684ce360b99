// Demo data of the reseller programme: Pattern Parcel Collective (reseller@partners.test, approved
// in insertProgrammes) gets the stable code PARCEL2026, clicks on its links over the last four
// weeks and a handful of recent paid orders attributed to it, each line with its commission
// (RESELLER_COMMISSION_BP of the line's platform fee) and a held commission transfer (no payout
// account yet). The applications get the audience and country the form asks for; the
// applicant (applicant@partners.test) keeps a pending one. Idempotent like the rest.
import type { Queryable } from './db.ts';
import { partners } from './people.ts';
import { daysBefore, prng } from './prng.ts';
import { RESELLER_COMMISSION_BP } from '../../shared/src/pricing.ts';

export const DEMO_REFERRAL_CODE = 'PARCEL2026';

const DETAILS: Record<string, { audience: string; country: string }> = {
  'partner-reseller:reseller': { audience: 'A fortnightly newsletter read by about 40,000 sewing club members, with themed pattern bundles.', country: 'GB' },
  'partner-supplier:supplier': { audience: 'Garment sewists in the UK and the EU who buy organic fabric and notions online.', country: 'GB' },
  'partner-applicant:supplier': { audience: 'Home sewists without a large-format printer; we plot A0 files and post them next day.', country: 'GB' },
  'partner-applicant:reseller': { audience: 'Customers of our print service, about 3,000 orders a year.', country: 'GB' },
};

export async function insertResellers(pool: Queryable): Promise<number> {
  const byKey = new Map(partners.map((p) => [p.key, p]));
  const details = Object.entries(DETAILS).map(([key, d]) => {
    const [who, kind] = key.split(':') as [string, string];
    return { user_id: byKey.get(who)!.id, kind, ...d };
  });
  await pool.query(
    `update public.partner_applications a set audience = d.audience, country = d.country
       from jsonb_to_recordset($1::jsonb) as d(user_id uuid, kind text, audience text, country text)
      where a.user_id = d.user_id and a.kind::text = d.kind and a.audience = ''`,
    [JSON.stringify(details)],
  );

  const reseller = byKey.get('partner-reseller')!;
  // the code made on approval, made memorable for the demo
  await pool.query(
    `update public.referral_codes set code = $2 where reseller_id = $1 and code <> $2
        and not exists (select 1 from public.referral_codes c where c.code = $2)`,
    [reseller.id, DEMO_REFERRAL_CODE],
  );
  const attributed = (await pool.query('select count(*)::int as n from public.orders where reseller_id = $1', [reseller.id])).rows[0] as { n: number };
  if (attributed.n > 0) return attributed.n;

  const random = prng('referral-clicks');
  const clicks = Array.from({ length: 28 }, (_, day) =>
    Array.from({ length: random.int(1, 6) }, () => ({
      clicked_at: new Date(Date.parse(daysBefore(day)) - random.int(0, 86_399) * 1000).toISOString(),
      path: random.int(0, 2) === 0 ? '/patterns' : '/',
    })),
  ).flat();
  await pool.query(
    `insert into public.referral_clicks (code, clicked_at, path)
     select $1, c.clicked_at, c.path from jsonb_to_recordset($2::jsonb) as c(clicked_at timestamptz, path text)`,
    [DEMO_REFERRAL_CODE, JSON.stringify(clicks)],
  );
  // the latest paid orders of other buyers, each after a click of its own a few hours before
  const { rows: orders } = await pool.query(
    `select o.id, o.created_at from public.orders o
      where o.status = 'paid' and o.buyer_id is distinct from $1 and o.reseller_id is null
      order by o.created_at desc, o.id limit 6`,
    [reseller.id],
  );
  for (const order of orders as { id: string; created_at: Date }[]) {
    const clickedAt = new Date(new Date(order.created_at).getTime() - random.int(1, 72) * 3_600_000).toISOString();
    await pool.query(
      `with click as (insert into public.referral_clicks (code, clicked_at, path) values ($2, $3, '/patterns') returning id)
       update public.orders set referral_code = $2, reseller_id = $4, referral_click_id = (select id from click) where id = $1`,
      [order.id, DEMO_REFERRAL_CODE, clickedAt, reseller.id],
    );
    await pool.query(
      `update public.order_items set commission_cents = least(platform_fee_cents, (platform_fee_cents * $2 + 5000) / 10000) where order_id = $1`,
      [order.id, RESELLER_COMMISSION_BP],
    );
    await pool.query(
      `insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency, kind, created_at)
       select i.id, i.order_id, $2, i.store_id, i.commission_cents, i.currency, 'commission', o.paid_at
         from public.order_items i join public.orders o on o.id = i.order_id
        where i.order_id = $1 and i.commission_cents > 0 and i.refunded_at is null
       on conflict (order_item_id, kind) do nothing`,
      [order.id, reseller.id],
    );
  }
  return orders.length;
}
