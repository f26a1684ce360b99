// Designer stores, retail shops and the demo supplier's store.
import { json, type Queryable } from './db.ts';
import { designerStores, partners, retailStores, storeOwners, type DemoStore } from './people.ts';
import { daysBefore, stableUuid } from './prng.ts';

const ownerId = (store: DemoStore) => storeOwners.find((u) => u.key === store.ownerKey)!.id;

export async function insertStores(pool: Queryable): Promise<DemoStore[]> {
  const supplier: DemoStore = {
    key: 'meadow-mill-fabrics',
    id: stableUuid('store:meadow-mill-fabrics'),
    ownerKey: 'partner-supplier',
    slug: 'meadow-mill-fabrics',
    kind: 'supplier',
    name: 'Meadow Mill Fabrics',
    country: 'GB',
    currency: 'GBP',
    crafts: [],
    plan: 'free',
    bio: 'Organic linen, cotton lawn and notions kits matched to the patterns they are made for, cut to order in Yorkshire.',
  };
  const stores = [...designerStores, ...retailStores];
  const rows = [...stores.map((s) => ({ ...s, owner_id: ownerId(s) })), { ...supplier, owner_id: partners[1]!.id }].map((s) => ({
    id: s.id,
    owner_id: s.owner_id,
    slug: s.slug,
    kind: s.kind,
    name: s.name,
    bio: s.bio,
    country: s.country,
    currency: s.currency,
    address_line1: s.address?.line1 ?? null,
    city: s.address?.city ?? null,
    postal_code: s.address?.postal_code ?? null,
    // no payout accounts: they live in the payment provider (the sandbox starts empty), so every
    // demo store connects from /payment/receive and its held sales are paid out then
    region: s.address?.region ?? null,
    plan: s.plan,
    payouts_enabled: false,
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
