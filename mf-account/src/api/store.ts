// The member's store: open, edit, live address check, old addresses. Row-level security
// (stores_open / stores_owner_update) and the slug triggers decide; plan and payouts are
// read-only here (the payment flow sets them).
import { getSupabase } from '@stitchhouse/shared';
import type { StoreInput, StoreKind } from '@stitchhouse/shared/account/schemas.ts';

/** Query keys of the member's store (its settings, logo and banner). */
export const storeKeys = {
  all: ['account', 'store'] as const,
  mine: (userId: string) => [...storeKeys.all, userId] as const,
};

export interface OwnStore {
  id: string;
  kind: StoreKind;
  name: string;
  slug: string;
  bio: string;
  country: string;
  currency: 'EUR' | 'GBP' | 'USD';
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  region: string;
  openingHours: string;
  logoPath: string | null;
  bannerPath: string | null;
  plan: 'free' | 'pro';
  payoutsEnabled: boolean;
  oldSlugs: string[];
}

const COLUMNS =
  'id, kind, name, slug, bio, country, currency, address_line1, address_line2, city, postal_code, region, opening_hours, logo_path, banner_path, plan, payouts_enabled, store_slug_redirects(old_slug)';

type Row = {
  id: string;
  kind: StoreKind;
  name: string;
  slug: string;
  bio: string;
  country: string;
  currency: OwnStore['currency'];
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  region: string | null;
  opening_hours: string;
  logo_path: string | null;
  banner_path: string | null;
  plan: OwnStore['plan'];
  payouts_enabled: boolean;
  store_slug_redirects: Array<{ old_slug: string }>;
};

function fromRow(row: Row): OwnStore {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    bio: row.bio,
    country: row.country,
    currency: row.currency,
    addressLine1: row.address_line1 ?? '',
    addressLine2: row.address_line2 ?? '',
    city: row.city ?? '',
    postalCode: row.postal_code ?? '',
    region: row.region ?? '',
    openingHours: row.opening_hours,
    logoPath: row.logo_path,
    bannerPath: row.banner_path,
    plan: row.plan,
    payoutsEnabled: row.payouts_enabled,
    oldSlugs: row.store_slug_redirects.map((r) => r.old_slug).sort(),
  };
}

/** The first store the member owns (one store per person in the product), or null. */
export async function myStore(userId: string): Promise<OwnStore | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('stores').select(COLUMNS).eq('owner_id', userId).order('created_at').limit(1).maybeSingle();
  if (error) throw error;
  return data ? fromRow(data as unknown as Row) : null;
}

function columns(input: StoreInput) {
  const nullable = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    name: input.name,
    slug: input.slug,
    bio: input.bio,
    country: input.country,
    currency: input.currency,
    address_line1: nullable(input.addressLine1),
    address_line2: nullable(input.addressLine2),
    city: nullable(input.city),
    postal_code: nullable(input.postalCode),
    region: nullable(input.region),
    opening_hours: input.openingHours.trim(),
  };
}

export async function openStore(input: StoreInput): Promise<OwnStore> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('stores')
    .insert({ ...columns(input), kind: input.kind })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return fromRow(data as unknown as Row);
}

export async function saveStore(id: string, input: StoreInput): Promise<OwnStore> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('stores').update(columns(input)).eq('id', id).select(COLUMNS).single();
  if (error) throw error;
  return fromRow(data as unknown as Row);
}

export async function saveStoreImage(id: string, which: 'logo' | 'banner', path: string | null): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('stores')
    .update(which === 'logo' ? { logo_path: path } : { banner_path: path })
    .eq('id', id);
  if (error) throw error;
}

export type SlugStatus = 'available' | 'yours' | 'taken' | 'reserved' | 'invalid';

/** The database's own answer (public.store_slug_status): the same rules the triggers apply. */
export async function slugStatus(slug: string, signal?: AbortSignal): Promise<SlugStatus> {
  const supabase = await getSupabase();
  let request = supabase.rpc('store_slug_status', { p_slug: slug });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data as SlugStatus;
}
