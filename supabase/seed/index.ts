// Demo data for a fresh database: stores, 300 patterns, demo accounts with purchases,
// wholesale and partner applications, point-of-sale sales, and files in storage.
// Deterministic (seeded PRNG, fixed dates, stable ids) and idempotent (on conflict do
// nothing, upserted files), so running it twice changes nothing.
import { generatePatterns, type DemoPattern } from './catalog.ts';
import { loadAssetSource, type AssetSource } from './demo-assets.ts';
import { DEMO_PASSWORD, allUsers, designerStores, makers, operator, partners, retailStores, storeOwners, type DemoStore } from './people.ts';
import { daysBefore, prng, stableUuid } from './prng.ts';
import { insertKits } from './kits.ts';
import { insertPointOfSale } from './point-of-sale.ts';
import { insertResellers } from './resellers.ts';
import { insertPatternViews } from './reports.ts';
import { insertSocial } from './social.ts';
import { quoteCart, splitRoyalty } from '../../shared/src/pricing.ts';

/** What seed() needs from pg.Pool (kept structural so this package does not depend on pg). */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
}

export interface SeedOptions {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  pool: Queryable;
  log: (msg: string) => void;
}

/** The till key of The Cotton Reel, shown in README.md so the POS API can be tried. */
export const DEMO_POS_KEY = 'shpos_c0770ca1ee1d000000000000000000000000000000000000';

const ownerId = (store: DemoStore) => storeOwners.find((u) => u.key === store.ownerKey)!.id;
const json = (value: unknown) => JSON.stringify(value);

async function insertUsers(pool: Queryable): Promise<void> {
  const users = allUsers.map((u) => ({ id: u.id, email: u.email, display_name: u.displayName, intent: u.intent }));
  // one bcrypt hash for all demo accounts: they share the password, and bcrypt is slow by design
  await pool.query(
    `with pw as (select extensions.crypt($2, extensions.gen_salt('bf')) as hash)
     insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, pw.hash, $3, $3,
            '{"provider": "email", "providers": ["email"]}',
            jsonb_build_object('display_name', u.display_name, 'intent', u.intent, 'email', u.email,
                               'email_verified', true, 'phone_verified', false, 'sub', u.id),
            $3, $3, '', '', '', ''
       from jsonb_to_recordset($1::jsonb) as u(id uuid, email text, display_name text, intent text), pw
     on conflict (id) do nothing`,
    [json(users), DEMO_PASSWORD, daysBefore(400)],
  );
  await pool.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     select u.id, u.id::text, u.id,
            jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
            'email', $2, $2
       from jsonb_to_recordset($1::jsonb) as u(id uuid, email text)
     on conflict do nothing`,
    [json(users), daysBefore(400)],
  );
  const granted = allUsers.flatMap((u) => u.roles.map((role) => ({ user_id: u.id, role })));
  await pool.query(
    `insert into public.user_roles (user_id, role)
     select r.user_id, r.role from jsonb_to_recordset($1::jsonb) as r(user_id uuid, role text) on conflict do nothing`,
    [json(granted)],
  );
}

async function insertStores(pool: Queryable): Promise<DemoStore[]> {
  const supplier: DemoStore = {
    key: 'meadow-mill-fabrics', id: stableUuid('store:meadow-mill-fabrics'), ownerKey: 'partner-supplier', slug: 'meadow-mill-fabrics',
    kind: 'supplier', name: 'Meadow Mill Fabrics', country: 'GB', currency: 'GBP', crafts: [], plan: 'free',
    bio: 'Organic linen, cotton lawn and notions kits matched to the patterns they are made for, cut to order in Yorkshire.',
  };
  const stores = [...designerStores, ...retailStores];
  const rows = [...stores.map((s) => ({ ...s, owner_id: ownerId(s) })), { ...supplier, owner_id: partners[1]!.id }].map((s) => ({
    id: s.id, owner_id: s.owner_id, slug: s.slug, kind: s.kind, name: s.name, bio: s.bio, country: s.country, currency: s.currency,
    address_line1: s.address?.line1 ?? null, city: s.address?.city ?? null, postal_code: s.address?.postal_code ?? null,
    // no payout accounts: they live in the payment provider (the sandbox starts empty), so every
    // demo store connects from /payment/receive and its held sales are paid out then
    region: s.address?.region ?? null, plan: s.plan, payouts_enabled: false,
    // sandbox-provider account ids; the payment functions replace them with real ones on onboarding
    payout_account_id: null,
    created_at: daysBefore(380),
  }));
  await pool.query(
    `insert into public.stores (id, owner_id, slug, kind, name, bio, country, currency, address_line1, city, postal_code, region,
                                plan, payouts_enabled, payout_account_id, created_at)
     select id, owner_id, slug, kind, name, bio, country, currency, address_line1, city, postal_code, region,
            plan, payouts_enabled, payout_account_id, created_at
       from jsonb_populate_recordset(null::public.stores, $1::jsonb)
     on conflict (id) do nothing`,
    [json(rows)],
  );
  return stores;
}

async function insertPatterns(pool: Queryable, patterns: DemoPattern[]): Promise<void> {
  await pool.query(
    `insert into public.patterns (id, store_id, title, description, craft, category, difficulty, size_range, size_chart, yardage,
                                  formats, notions, languages, tags, licence, price_cents, currency, status, published_at, created_at)
     select id, store_id, title, description, craft, category, difficulty, size_range, size_chart, yardage,
            formats, notions, languages, tags, licence, price_cents, currency, status, published_at, created_at
       from jsonb_populate_recordset(null::public.patterns, $1::jsonb)
     on conflict (id) do nothing`,
    [json(patterns)],
  );
  const wholesale = patterns.filter((p) => p.wholesale_price_cents !== null)
    .map((p) => ({ pattern_id: p.id, store_id: p.store_id, price_cents: p.wholesale_price_cents, currency: p.currency }));
  await pool.query(
    `insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency)
     select pattern_id, store_id, price_cents, currency from jsonb_populate_recordset(null::public.pattern_wholesale_prices, $1::jsonb)
     on conflict do nothing`,
    [json(wholesale)],
  );
  const notes = patterns.filter((p) => p.status !== 'draft').slice(0, 40).map((p, i) => ({
    pattern_id: p.id, store_id: p.store_id, version: 1, created_at: p.published_at,
    changes: 'First release.',
    extra: i % 4 === 0,
  }));
  const v2 = notes.filter((n) => n.extra).map((n) => ({
    ...n, version: 2, created_at: daysBefore(2),
    changes: 'Corrected the notch on the back piece for sizes 2XL–4XL and added a layered A0 sheet.',
  }));
  await pool.query(
    `insert into public.pattern_versions (pattern_id, store_id, version, changes, created_at)
     select pattern_id, store_id, version, changes, created_at from jsonb_populate_recordset(null::public.pattern_versions, $1::jsonb)
     on conflict do nothing`,
    [json([...notes, ...v2])],
  );
  await pool.query(
    `update public.patterns p set current_version = 2 where p.id = any($1::uuid[]) and p.current_version = 1`,
    [v2.map((n) => n.pattern_id)],
  );
}

/** Where the demo buyers live, for VAT (EU rates; none for GB and US). */
const BUYER_COUNTRIES = ['DE', 'FR', 'GB', 'US', 'NL', 'IE', 'IT'] as const;

/** Orders (paid, refunded, failed, pending), free claims and downloads for the demo buyers. */
async function insertPurchases(pool: Queryable, patterns: DemoPattern[], stores: DemoStore[]): Promise<void> {
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

/** Wholesale accounts, partner applications, plans, newsletter, shop stock and till sales. */
async function insertProgrammes(pool: Queryable, patterns: DemoPattern[], stores: DemoStore[]): Promise<void> {
  const r = prng('stitchhouse-demo-programmes');
  const owner = (key: string) => storeOwners.find((u) => u.key === key)!;
  const store = (key: string) => stores.find((s) => s.key === key)!;
  const reviewed = daysBefore(60);
  const wholesale = [
    { key: 'the-cotton-reel', status: 'approved', tax_id: 'US 84-1234567', reason: null },
    { key: 'stoffladen-mitte', status: 'pending', tax_id: 'DE 298765432', reason: null },
    { key: 'maple-fabric-house', status: 'rejected', tax_id: 'CA 123456789', reason: 'We could not verify the business number; please upload a registration document and apply again.' },
  ].map((w) => {
    const s = store(w.key);
    return { id: stableUuid(`wholesale:${w.key}`), user_id: owner(w.key).id, store_id: s.id, business_name: s.name, tax_id: w.tax_id,
      address_line1: s.address!.line1, city: s.address!.city, postal_code: s.address!.postal_code, region: s.address!.region ?? null,
      country: s.country, website: `https://${s.slug}.example`, status: w.status, reason: w.reason,
      reviewer_id: w.status === 'pending' ? null : operator.id, reviewed_at: w.status === 'pending' ? null : reviewed, created_at: daysBefore(90) };
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
    { user: partners[0]!, kind: 'reseller', company: 'Pattern Parcel Collective', website: 'https://patternparcel.example', status: 'approved', reason: null,
      message: 'We curate themed pattern bundles for sewing clubs and promote them to 40,000 newsletter readers.' },
    { user: partners[1]!, kind: 'supplier', company: 'Meadow Mill Fabrics', website: 'https://meadowmill.example', status: 'approved', reason: null,
      message: 'Organic fabric and notions kits cut to the yardage of each pattern.' },
    { user: partners[2]!, kind: 'supplier', company: 'Printworks Plotting', website: 'https://printworks.example', status: 'pending', reason: null,
      message: 'A0 plotting and next-day shipping of printed copy-shop files for buyers without a plotter nearby.' },
    { user: partners[2]!, kind: 'reseller', company: 'Printworks Plotting', website: 'https://printworks.example', status: 'rejected',
      reason: 'Reselling needs a storefront or a newsletter audience; apply as a supplier instead.', message: 'We would also like to resell patterns.' },
  ].map((a) => ({ id: stableUuid(`partner:${a.user.key}:${a.kind}`), user_id: a.user.id, kind: a.kind, company: a.company, website: a.website,
    message: a.message, status: a.status, reason: a.reason, reviewer_id: a.status === 'pending' ? null : operator.id,
    reviewed_at: a.status === 'pending' ? null : reviewed, created_at: daysBefore(120) }));
  await pool.query(
    `insert into public.partner_applications (id, user_id, kind, company, website, message, status, reason, reviewer_id, reviewed_at, created_at)
     select id, user_id, kind, company, website, message, status, reason, reviewer_id, reviewed_at, created_at
       from jsonb_populate_recordset(null::public.partner_applications, $1::jsonb)
     on conflict do nothing`,
    [json(applications)],
  );
  const subscriptions = stores.filter((s) => s.plan === 'pro').map((s) => ({
    id: stableUuid(`subscription:${s.key}`), store_id: s.id, plan: 'pro', status: 'active', provider: 'sandbox',
    provider_subscription_id: `sub_sandbox_${s.slug.replace(/-/g, '_')}`, current_period_start: daysBefore(10),
    current_period_end: daysBefore(-20), created_at: daysBefore(200) }));
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
    [json([
      { email: 'rosa@makers.test', crafts: ['sewing', 'quilting'], created_at: daysBefore(200), confirmed_at: daysBefore(200), unsubscribed_at: null },
      { email: 'kiri@makers.test', crafts: ['knitting'], created_at: daysBefore(150), confirmed_at: daysBefore(150), unsubscribed_at: null },
      { email: 'tom@makers.test', crafts: [], created_at: daysBefore(100), confirmed_at: daysBefore(100), unsubscribed_at: daysBefore(20) },
      { email: 'newcomer@makers.test', crafts: ['crochet'], created_at: daysBefore(1), confirmed_at: null, unsubscribed_at: null },
    ])],
  );
  // what each shop carries, and what it sold at the till
  const printable = patterns.filter((p) => p.status === 'published' && p.price_cents > 0 && (p.craft === 'sewing' || p.craft === 'bags'));
  const stock: Record<string, unknown>[] = [];
  const sales: Record<string, unknown>[] = [];
  const storeById = new Map(stores.map((s) => [s.id, s]));
  for (const shop of retailStores) {
    const carried = r.sample(printable, 12);
    carried.forEach((p) => stock.push({ store_id: shop.id, pattern_id: p.id, printed_copies: r.int(0, 12), created_at: daysBefore(100) }));
    if (shop.key !== 'the-cotton-reel' && shop.key !== 'bobbin-and-bolt') continue;
    for (let i = 0; i < 15; i++) {
      const p = r.pick(carried);
      const quantity = r.int(1, 3);
      // the shop charges in its own currency; royalties are owed in the designer's
      const royalty = splitRoyalty(Math.round(p.price_cents * 0.6) * quantity, p.currency, storeById.get(p.store_id)!.plan);
      sales.push({ store_id: shop.id, pattern_id: p.id, quantity, unit_price_cents: Math.round(p.price_cents * 1.5),
        royalty_cents: royalty.price, currency: p.currency, source: i % 5 === 0 ? 'csv' : 'api',
        external_id: `${shop.key}-till-${1000 + i}`, sold_at: daysBefore(r.int(1, 90), r.int(9, 17)) });
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
    [stableUuid('pos-key:the-cotton-reel'), cottonReel.id, DEMO_POS_KEY, owner('the-cotton-reel').id, daysBefore(95), daysBefore(1)],
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

async function upload(opts: SeedOptions, bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const res = await fetch(`${opts.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: {
      apikey: opts.serviceRoleKey,
      authorization: `Bearer ${opts.serviceRoleKey}`,
      'content-type': contentType,
      'x-upsert': 'true',
      'cache-control': 'max-age=3600',
    },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (!res.ok) throw new Error(`upload of ${bucket}/${path} failed: ${res.status} ${await res.text()}`);
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Covers and one PDF per offered format, uploaded through the storage API, recorded in pattern_files. */
async function insertFiles(opts: SeedOptions, assets: AssetSource, patterns: DemoPattern[], stores: DemoStore[]): Promise<number> {
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  const files: Record<string, unknown>[] = [];
  const covers: { id: string; path: string }[] = [];
  await eachLimited(patterns, 8, async (p) => {
    const cover = await assets.cover(p);
    const coverPath = `${p.store_id}/${p.id}/${cover.fileName}`;
    await upload(opts, 'pattern-images', coverPath, cover.bytes, cover.contentType);
    covers.push({ id: p.id, path: coverPath });
    for (const format of p.formats) {
      const pdf = await assets.pdf(p, format, storeName.get(p.store_id)!);
      const path = `${p.store_id}/${p.id}/${format}/v1.pdf`;
      await upload(opts, 'pattern-files', path, pdf.bytes, pdf.contentType);
      files.push({ pattern_id: p.id, store_id: p.store_id, format, version: 1, storage_path: path, size_bytes: pdf.bytes.byteLength,
        sha256: pdf.sha256, changelog: 'First release.' });
    }
  });
  await opts.pool.query(
    `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog)
     select pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog
       from jsonb_populate_recordset(null::public.pattern_files, $1::jsonb)
     on conflict do nothing`,
    [json(files)],
  );
  await opts.pool.query(
    `update public.patterns p set cover_path = c.path, gallery_paths = array[c.path]
       from jsonb_to_recordset($1::jsonb) as c(id uuid, path text) where p.id = c.id`,
    [json(covers)],
  );
  return files.length;
}

export async function seed(opts: SeedOptions): Promise<void> {
  const started = Date.now();
  const step = (what: string) => opts.log(`seed: ${what} (${Date.now() - started} ms)`);
  await insertUsers(opts.pool);
  step(`${allUsers.length} demo accounts`);
  const stores = await insertStores(opts.pool);
  step(`${designerStores.length} designer stores, ${retailStores.length} retail shops, 1 supplier`);
  const patterns = generatePatterns(designerStores);
  await insertPatterns(opts.pool, patterns);
  step(`${patterns.length} patterns`);
  await insertPurchases(opts.pool, patterns, stores);
  await insertProgrammes(opts.pool, patterns, stores);
  step('orders, entitlements, downloads, wholesale and partner applications, plans, newsletter, point of sale');
  step(`${await insertKits(opts.pool)} supplier kits with clicks`);
  step(`${await insertPointOfSale(opts.pool)} in-shop sales with royalties owed`);
  step(`${await insertResellers(opts.pool)} orders attributed to the demo reseller (code PARCEL2026)`);
  step(`${await insertPatternViews(opts.pool)} days of pattern views for the reports`);
  const social = await insertSocial(opts.pool);
  step(`${social.reviews} reviews, ${social.favourites} favourites, ${social.follows} follows`);

  const assets = await loadAssetSource();
  if (!assets) {
    opts.log('seed: supabase/seed/assets is not available; patterns were seeded without covers and files');
  } else {
    try {
      const count = await insertFiles(opts, assets, patterns, stores);
      step(`${patterns.length} covers and ${count} pattern files uploaded`);
    } catch (err) {
      // demo data without files is still useful; say loudly what is missing
      opts.log(`seed: ERROR uploading covers and pattern files, demo patterns have no files: ${(err as Error).message}`);
    }
  }
  step('demo data ready');
}
