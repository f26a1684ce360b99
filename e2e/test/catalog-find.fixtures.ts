// Data for the catalog-find browser tests, created through the backend's REST and auth
// admin interfaces with the service key (the stack starts empty: seed:false).
import * as kit from '@stitchhouse/shared/testing/kit.ts';
import type { Backend } from '@stitchhouse/shared/testing/kit.ts';

export type { Backend };

export const PASSWORD = 'Thimble-Wrap-2026!';

async function call<T>(backend: Backend, path: string, init: { method?: string; body?: unknown; prefer?: string } = {}): Promise<T> {
  const response = await fetch(backend.url + path, {
    method: init.method ?? 'POST',
    headers: {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      'content-type': 'application/json',
      ...(init.prefer ? { prefer: init.prefer } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export function createUser(backend: Backend, email: string): Promise<string> {
  return kit.createUser(backend, email, PASSWORD);
}

export async function insert<T = { id: string }>(backend: Backend, table: string, row: Record<string, unknown>): Promise<T> {
  const rows = await call<T[]>(backend, `/rest/v1/${table}`, { body: row, prefer: 'return=representation' });
  return rows[0]!;
}

export async function insertRows(backend: Backend, table: string, rows: Record<string, unknown>[]): Promise<void> {
  await call(backend, `/rest/v1/${table}`, { body: rows, prefer: 'return=minimal' });
}

/** A password session in the shape supabase-js keeps in localStorage. */
export async function passwordSession(backend: Backend, email: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as Record<string, unknown> & { expires_in: number };
  return { ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in };
}

/** supabase-js's default storage key: sb-<first label of the API host>-auth-token. */
export function sessionStorageKey(backend: Backend): string {
  return `sb-${new URL(backend.url).hostname.split('.')[0]}-auth-token`;
}

export const WRAP_DRESS_CHART = {
  sizes: [
    { label: 'XS', bust: 80, waist: 62, hip: 86, finished: { bust: 88, waist: 70, hip: 96 } },
    { label: 'S', bust: 84, waist: 66, hip: 91, finished: { bust: 92, waist: 74, hip: 101 } },
    { label: 'M', bust: 89, waist: 71, hip: 96, finished: { bust: 97, waist: 79, hip: 106 } },
    { label: 'L', bust: 98, waist: 80, hip: 104, finished: { bust: 106, waist: 88, hip: 114 } },
  ],
};

export const WRAP_DRESS_YARDAGE = [
  { fabric: 'Main fabric', width_cm: 112, metres_by_size: { XS: 2.6, S: 2.7, M: 2.85, L: 3.0 } },
  { fabric: 'Main fabric', width_cm: 150, metres_by_size: { XS: 1.9, S: 2.0, M: 2.1, L: 2.3 } },
  { fabric: 'Lining', width_cm: 140, metres_by_size: { XS: 1.2, S: 1.2, M: 1.3, L: 1.4 } },
];

export const JUMPSUIT_CHART = {
  sizes: [16, 18, 20, 22, 24, 26, 28, 30].map((n, i) => ({ label: String(n), bust: 102 + i * 6, waist: 86 + i * 6, hip: 112 + i * 6 })),
};

export interface CatalogFixture {
  designerStore: { id: string; slug: string };
  retailStore: { id: string; slug: string };
  wrapDress: string;
  tote: string;
  jumpsuit: string;
  draft: string;
  buyerEmail: string;
  wholesaleEmail: string;
}

export async function createCatalog(backend: Backend): Promise<CatalogFixture> {
  const designer = await createUser(backend, 'designer@catalog-find.test');
  const retailer = await createUser(backend, 'shop@catalog-find.test');
  const buyerEmail = 'maker@catalog-find.test';
  await createUser(backend, buyerEmail);
  const wholesaleEmail = 'wholesale@catalog-find.test';
  const wholesaleUser = await createUser(backend, wholesaleEmail);

  const designerStore = await insert<{ id: string; slug: string }>(backend, 'stores', {
    owner_id: designer,
    slug: 'blue-thimble-studio',
    kind: 'designer',
    name: 'Blue Thimble Studio',
    bio: 'Easy-to-fit garments drafted for real bodies.',
    country: 'GB',
    currency: 'USD',
  });
  const retailStore = await insert<{ id: string; slug: string }>(backend, 'stores', {
    owner_id: retailer,
    slug: 'corner-fabrics',
    kind: 'retailer',
    name: 'Corner Fabrics',
    bio: 'Fabric and haberdashery on the corner since 1984.',
    country: 'DE',
    currency: 'EUR',
    address_line1: 'Stoffgasse 12',
    city: 'Leipzig',
    postal_code: '04109',
  });
  const base = { store_id: designerStore.id, currency: 'USD', status: 'published', languages: ['en'] };
  const wrapDress = (
    await insert(backend, 'patterns', {
      ...base,
      title: 'Linen Wrap Dress',
      craft: 'sewing',
      category: 'dress',
      difficulty: 2,
      price_cents: 1200,
      formats: ['a4', 'a0'],
      size_range: 'XS–L',
      size_chart: WRAP_DRESS_CHART,
      yardage: WRAP_DRESS_YARDAGE,
      notions: ['1 m fusible interfacing', '2 buttons'],
      tags: ['wrap', 'summer'],
      licence: 'small_business',
      description: 'A **breezy** wrap dress.\n\n- Pockets\n- Two lengths\n\n<script>window.__pwned = true</script><img src=x onerror="window.__pwned=true">',
    })
  ).id;
  const tote = (
    await insert(backend, 'patterns', {
      ...base,
      title: 'Market Tote Bag',
      craft: 'bags',
      category: 'bag',
      difficulty: 1,
      price_cents: 0,
      formats: ['a4', 'us_letter'],
      languages: ['en', 'de'],
      description: 'A sturdy tote for market days.',
      tags: ['tote'],
    })
  ).id;
  const jumpsuit = (
    await insert(backend, 'patterns', {
      ...base,
      title: 'Plus Size Jumpsuit',
      craft: 'sewing',
      category: 'jumpsuit',
      difficulty: 4,
      price_cents: 1800,
      formats: ['projector'],
      size_range: '16–30',
      size_chart: JUMPSUIT_CHART,
      description: 'A jumpsuit drafted for curves.',
    })
  ).id;
  const draft = (
    await insert(backend, 'patterns', {
      ...base,
      status: 'draft',
      title: 'Secret Draft Skirt',
      craft: 'sewing',
      category: 'skirt',
      difficulty: 2,
      price_cents: 900,
    })
  ).id;
  await insert(backend, 'store_stock', { store_id: retailStore.id, pattern_id: wrapDress, printed_copies: 4 });
  await insert(backend, 'pattern_wholesale_prices', { pattern_id: wrapDress, store_id: designerStore.id, price_cents: 650, currency: 'USD', min_quantity: 5 });
  await insert(backend, 'wholesale_accounts', {
    user_id: wholesaleUser,
    business_name: 'Corner Fabrics GmbH',
    tax_id: 'DE123456789',
    address_line1: 'Stoffgasse 12',
    city: 'Leipzig',
    postal_code: '04109',
    country: 'DE',
    status: 'approved',
    reviewed_at: new Date().toISOString(),
  });
  return { designerStore, retailStore, wrapDress, tote, jumpsuit, draft, buyerEmail, wholesaleEmail };
}
