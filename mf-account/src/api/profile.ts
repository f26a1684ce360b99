// The member's own profile and roles, under row-level security (profiles_read_own/update_own).
import { getSupabase } from '@stitchhouse/shared';
import { isLocale, type Locale } from '@stitchhouse/shared/i18n/index.ts';

/**
 * Query keys of the account's reads (TanStack Query, shared/src/query/client.ts): one factory per
 * area, each under 'account'. A save invalidates its area's `all`.
 */
export const profileKeys = {
  all: ['account', 'profile'] as const,
  /** The member's profile with their picture's address; the address changes with a confirmed email change. */
  mine: (userId: string, email: string | undefined) => [...profileKeys.all, userId, email ?? ''] as const,
};

export interface Profile {
  id: string;
  displayName: string;
  avatarPath: string | null;
  email: string;
  newEmail: string | null;
  roles: string[];
  /** The member's saved language (emails go out in it; a new sign-in opens in it), null while none is saved. */
  locale: Locale | null;
}

export async function loadProfile(userId: string): Promise<Profile> {
  const supabase = await getSupabase();
  const [profile, roles, user] = await Promise.all([
    supabase.from('profiles').select('id, display_name, avatar_path, locale').eq('id', userId).single(),
    supabase.from('user_roles').select('role').eq('user_id', userId).order('role'),
    supabase.auth.getUser(),
  ]);
  if (profile.error) throw profile.error;
  if (roles.error) throw roles.error;
  if (user.error) throw user.error;
  const row = profile.data as { id: string; display_name: string; avatar_path: string | null; locale: string | null };
  return {
    id: row.id,
    displayName: row.display_name,
    avatarPath: row.avatar_path,
    email: user.data.user.email ?? '',
    newEmail: (user.data.user as { new_email?: string }).new_email ?? null,
    roles: (roles.data as Array<{ role: string }>).map((r) => r.role),
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

export async function saveDisplayName(userId: string, displayName: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('profiles').update({ display_name: displayName }).eq('id', userId);
  if (error) throw error;
  // The header reads the name from the session's metadata: keep it in step.
  const meta = await supabase.auth.updateUser({ data: { display_name: displayName } });
  if (meta.error) throw meta.error;
}

export async function saveAvatarPath(userId: string, path: string | null): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('profiles').update({ avatar_path: path }).eq('id', userId);
  if (error) throw error;
}

/** Public URL of a file in a public bucket (avatars, store-assets). */
export async function publicUrl(bucket: string, path: string): Promise<string> {
  const supabase = await getSupabase();
  return supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl;
}

/** Each role's name, a message id of the account catalog: `i18n._(ROLE_LABELS[role])`. */
export const ROLE_LABELS: Record<string, string> = {
  maker: /*i18n*/ 'account.role.maker',
  designer: /*i18n*/ 'account.role.designer',
  retailer: /*i18n*/ 'account.role.retailer',
  wholesale: /*i18n*/ 'account.role.wholesale',
  reseller: /*i18n*/ 'account.role.reseller',
  supplier: /*i18n*/ 'account.role.supplier',
  operator: /*i18n*/ 'account.role.operator',
};
