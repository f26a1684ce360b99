// A member's language lives on their profile (emails go out in it; another device opens in it).
// Read and written as the member under row-level security (profiles: own row only).
import { getSupabase, memberOnceKnown } from '@stitchhouse/shared';
import { isLocale, type Locale } from '@stitchhouse/shared/i18n/index.ts';

/** The saved language of the signed-in member, or null (none saved yet). */
export async function loadMemberLocale(userId: string): Promise<Locale | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('profiles').select('locale').eq('id', userId).maybeSingle();
  if (error) throw error;
  return isLocale(data?.locale) ? data.locale : null;
}

/** Saves `locale` on the signed-in member's profile; nothing for a visitor (their cookie holds it). */
export async function saveMemberLocale(locale: Locale): Promise<void> {
  const userId = await memberOnceKnown();
  if (!userId) return;
  const supabase = await getSupabase();
  const { error } = await supabase.from('profiles').update({ locale }).eq('id', userId);
  if (error) throw error;
}
