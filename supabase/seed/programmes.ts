// Wholesale accounts, partner applications, plans, newsletter, shop stock and till sales.
import type { DemoPattern } from './catalog.ts';
import { json, type Queryable } from './db.ts';
import { operator, partners, retailStores, storeOwners, type DemoStore } from './people.ts';
import { daysBefore, demoAnchor, prng, stableUuid } from './prng.ts';
import { splitRoyalty } from '../../shared/src/pricing.ts';

/** The till key of The Cotton Reel, shown in README.md so the POS API can be tried. */
export const DEMO_POS_KEY = 'shpos_c0770ca1ee1d000000000000000000000000000000000000';

/** Wholesale accounts, partner applications, plans, newsletter, shop stock and till sales. */
export async function insertProgrammes(pool: Queryable, patterns: DemoPattern[], stores: DemoStore[]): Promise<void> {
  const r = prng('stitchhouse-demo-programmes');
  const owner = (key: string) => storeOwners.find((u) => u.key === key)!;
  const store = (key: string) => stores.find((s) => s.key === key)!;
  const reviewed = daysBefore(60);
  const wholesale = [
    { key: 'the-cotton-reel', status: 'approved', tax_id: 'US 84-1234567', reason: null },
    { key: 'stoffladen-mitte', status: 'pending', tax_id: 'DE 298765432', reason: null },
    {
      key: 'maple-fabric-house',
      status: 'rejected',
      tax_id: 'CA 123456789',
      reason: 'We could not verify the business number; please upload a registration document and apply again.',
    },
  ].map((w) => {
    const s = store(w.key);
    return {
      id: stableUuid(`wholesale:${w.key}`),
      user_id: owner(w.key).id,
      store_id: s.id,
      business_name: s.name,
      tax_id: w.tax_id,
      address_line1: s.address!.line1,
      city: s.address!.city,
      postal_code: s.address!.postal_code,
      region: s.address!.region ?? null,
      country: s.country,
      website: `https://${s.slug}.example`,
      status: w.status,
      reason: w.reason,
      reviewer_id: w.status === 'pending' ? null : operator.id,
      reviewed_at: w.status === 'pending' ? null : reviewed,
      created_at: daysBefore(90),
    };
  });
  await pool.query(
    `insert into public.wholesale_accounts (id, user_id, store_id, business_name, tax_id, address_line1, city, postal_code, region, country,
                                            website, status, reason, reviewer_id, reviewed_at, created_at)
     select id, user_id, store_id, business_name, tax_id, address_line1, city, postal_code, region, country,
            website, status, reason, reviewer_id, reviewed_at, created_at
       from jsonb_populate_recordset(null::public.wholesale_accounts, $1::jsonb)
     on conflict do nothing`,
    [json(wholesale)],
  );
  const applications = [
    {
      user: partners[0]!,
      kind: 'reseller',
      company: 'Pattern Parcel Collective',
      website: 'https://patternparcel.example',
      status: 'approved',
      reason: null,
      message: 'We curate themed pattern bundles for sewing clubs and promote them to 40,000 newsletter readers.',
    },
    {
      user: partners[1]!,
      kind: 'supplier',
      company: 'Meadow Mill Fabrics',
      website: 'https://meadowmill.example',
      status: 'approved',
      reason: null,
      message: 'Organic fabric and notions kits cut to the yardage of each pattern.',
    },
    {
      user: partners[2]!,
      kind: 'supplier',
      company: 'Printworks Plotting',
      website: 'https://printworks.example',
      status: 'pending',
      reason: null,
      message: 'A0 plotting and next-day shipping of printed copy-shop files for buyers without a plotter nearby.',
    },
    {
      user: partners[2]!,
      kind: 'reseller',
      company: 'Printworks Plotting',
      website: 'https://printworks.example',
      status: 'rejected',
      reason: 'Reselling needs a storefront or a newsletter audience; apply as a supplier instead.',
      message: 'We would also like to resell patterns.',
    },
  ].map((a) => ({
    id: stableUuid(`partner:${a.user.key}:${a.kind}`),
    user_id: a.user.id,
    kind: a.kind,
    company: a.company,
    website: a.website,
    message: a.message,
    status: a.status,
    reason: a.reason,
    reviewer_id: a.status === 'pending' ? null : operator.id,
    reviewed_at: a.status === 'pending' ? null : reviewed,
    created_at: daysBefore(120),
  }));
  await pool.query(
    `insert into public.partner_applications (id, user_id, kind, company, website, message, status, reason, reviewer_id, reviewed_at, created_at)
     select id, user_id, kind, company, website, message, status, reason, reviewer_id, reviewed_at, created_at
       from jsonb_populate_recordset(null::public.partner_applications, $1::jsonb)
     on conflict do nothing`,
    [json(applications)],
  );
  const subscriptions = stores
    .filter((s) => s.plan === 'pro')
    .map((s) => ({
      id: stableUuid(`subscription:${s.key}`),
      store_id: s.id,
      plan: 'pro',
      status: 'active',
      provider: 'sandbox',
      provider_subscription_id: `sub_sandbox_${s.slug.replace(/-/g, '_')}`,
      current_period_start: daysBefore(10),
      current_period_end: daysBefore(-20),
      created_at: daysBefore(200),
    }));
  await pool.query(
    `insert into public.subscriptions (id, store_id, plan, status, provider, provider_subscription_id, current_period_start, current_period_end, created_at)
     select id, store_id, plan, status, provider, provider_subscription_id, current_period_start, current_period_end, created_at
       from jsonb_populate_recordset(null::public.subscriptions, $1::jsonb)
     on conflict do nothing`,
    [json(subscriptions)],
  );
  await pool.query(
    `insert into public.newsletter_subscribers (email, crafts, created_at, confirmed_at, unsubscribed_at)
     select email, crafts, created_at, confirmed_at, unsubscribed_at
       from jsonb_populate_recordset(null::public.newsletter_subscribers, $1::jsonb)
     on conflict (email) do nothing`,
    [
      json([
        { email: 'rosa@makers.test', crafts: ['sewing', 'quilting'], created_at: daysBefore(200), confirmed_at: daysBefore(200), unsubscribed_at: null },
        { email: 'kiri@makers.test', crafts: ['knitting'], created_at: daysBefore(150), confirmed_at: daysBefore(150), unsubscribed_at: null },
        { email: 'tom@makers.test', crafts: [], created_at: daysBefore(100), confirmed_at: daysBefore(100), unsubscribed_at: daysBefore(20) },
        { email: 'newcomer@makers.test', crafts: ['crochet'], created_at: daysBefore(1), confirmed_at: null, unsubscribed_at: null },
      ]),
    ],
  );
  // what each shop carries, and what it sold at the till
  const printable = patterns.filter((p) => p.status === 'published' && p.price_cents > 0 && (p.craft === 'sewing' || p.craft === 'bags'));
  const stock: Record<string, unknown>[] = [];
  const sales: Record<string, unknown>[] = [];
  const storeById = new Map(stores.map((s) => [s.id, s]));
  for (const shop of retailStores) {
    // The Cotton Reel stocks Blue Thimble's printable patterns (the demo designer sees her in-shop sales)
    const local = shop.key === 'the-cotton-reel' ? printable.filter((p) => storeById.get(p.store_id)?.key === 'blue-thimble').slice(0, 4) : [];
    const carried = [
      ...local,
      ...r.sample(
        printable.filter((p) => !local.includes(p)),
        12 - local.length,
      ),
    ];
    carried.forEach((p) => stock.push({ store_id: shop.id, pattern_id: p.id, printed_copies: r.int(0, 12), created_at: daysBefore(370) }));
    if (shop.key !== 'the-cotton-reel' && shop.key !== 'bobbin-and-bolt') continue;
    // a year of till sales, a few a week, up to the anchor's day (The Cotton Reel through its till key,
    // Bobbin & Bolt by CSV upload)
    let i = 0;
    for (let daysAgo = 364; daysAgo >= 0; daysAgo -= r.int(1, 3)) {
      const p = r.pick(carried);
      const quantity = r.int(1, 3);
      // the shop charges in its own currency; royalties are owed in the designer's
      const royalty = splitRoyalty(Math.round(p.price_cents * 0.6) * quantity, p.currency, storeById.get(p.store_id)!.plan);
      const soldAt = Math.min(Math.floor(demoAnchor() / 86_400_000 - daysAgo) * 86_400_000 + r.int(9 * 60, 18 * 60) * 60_000, demoAnchor() - 900_000);
      sales.push({
        store_id: shop.id,
        pattern_id: p.id,
        quantity,
        unit_price_cents: Math.round(p.price_cents * 1.5),
        royalty_cents: royalty.price,
        currency: p.currency,
        source: shop.key === 'the-cotton-reel' && i % 6 !== 5 ? 'api' : 'csv',
        external_id: `${shop.key}-till-${1000 + i}`,
        sold_at: new Date(soldAt).toISOString(),
      });
      i += 1;
    }
  }
  await pool.query(
    `insert into public.store_stock (store_id, pattern_id, printed_copies, created_at)
     select store_id, pattern_id, printed_copies, created_at from jsonb_populate_recordset(null::public.store_stock, $1::jsonb)
     on conflict do nothing`,
    [json(stock)],
  );
  const cottonReel = store('the-cotton-reel');
  await pool.query(
    `insert into public.pos_keys (id, store_id, name, prefix, key_hash, created_by, created_at, last_used_at)
     values ($1, $2, 'Front counter till', left($3, 12), encode(sha256(convert_to($3, 'UTF8')), 'hex'), $4, $5, $6)
     on conflict do nothing`,
    [
      stableUuid('pos-key:the-cotton-reel'),
      cottonReel.id,
      DEMO_POS_KEY,
      owner('the-cotton-reel').id,
      daysBefore(370),
      sales
        .filter((s) => s.store_id === cottonReel.id && s.source === 'api')
        .map((s) => s.sold_at as string)
        .sort()
        .at(-1) ?? daysBefore(1),
    ],
  );
  await pool.query(
    `insert into public.pos_sales (store_id, pos_key_id, pattern_id, quantity, unit_price_cents, royalty_cents, currency, source, external_id, sold_at)
     select s.store_id, case when s.source = 'api' and s.store_id = $2 then $3::uuid end, s.pattern_id, s.quantity,
            s.unit_price_cents, s.royalty_cents, s.currency, s.source, s.external_id, s.sold_at
       from jsonb_populate_recordset(null::public.pos_sales, $1::jsonb) s
     on conflict do nothing`,
    [json(sales), cottonReel.id, stableUuid('pos-key:the-cotton-reel')],
  );
}
